"""TRANSPOSE_CONV in the mve backend (firmware/kernels/transpose_conv_*mve.c): every int8 node the reference kernel
runs. The geometry, the parameters and the prepare are the family's (transpose_conv); this module adds the
scratch."""

from __future__ import annotations

from ... import quant
from ..common import _conv_common as cc
from ..common import _mve_common as mc
from ..common import _scratch
from . import transpose_conv
from .transpose_conv import FAMILY_SOURCES, node_tensors
from .transpose_conv import params as family_params


def _pairs(inputs, outputs):
    _, weights, inp, _, out = node_tensors(inputs, outputs)
    return cc.channel_pairs(inp, weights, out, weights.shape[0])


def claims(op, inputs, outputs):
    if not mc.all_int8(inputs[1], inputs[2], outputs[0]):
        return "not int8"
    return None if mc.shifts_ok(_pairs(inputs, outputs)) else mc.SHIFTS_OUT_OF_RANGE


def params(op, inputs, outputs):
    """The family's parameters with, in `channels`, the requantization table of every stride phase (ry, rx) in
    order (firmware/kernels/transpose_conv_s8_mve.c): its bias + input_offset * the sum of the phase's taps."""
    node = family_params(op, inputs, outputs)
    _, weights, inp, bias, out = node_tensors(inputs, outputs)
    sh, sw = op.options["stride_h"], op.options["stride_w"]
    w = weights.array()
    pairs, activation = _pairs(inputs, outputs), op.options.get("fused_activation_function", 0)
    table = []
    for ry in range(sh):
        for rx in range(sw):
            biases = mc.folded_biases(bias, w[:, ry::sh, rx::sw, :], 0, -quant.zero_point_of(inp))
            fields = mc.requant_fields(biases, pairs, out, activation)
            table += fields["table"]
    node.fields.update(channels=table, left_shift=fields["left_shift"])
    return node


def scratch_bytes(op, inputs, outputs):
    weights, geometry = inputs[1], family_params(op, inputs, outputs).fields
    return _scratch.scratch_size(
        "mg_transpose_conv_s8_mve_scratch_size",
        weights.shape[1],
        weights.shape[2],
        op.options["stride_h"],
        op.options["stride_w"],
        inputs[2].shape[2],
        outputs[0].shape[2],
        geometry["geometry.pad_width"],
        weights.shape[0],
        weights.shape[3],
    )


SOURCES = (
    *FAMILY_SOURCES,
    "transpose_conv_mve.c",
    "transpose_conv_s8_mve.c",
    "mg_mve.h",
    "mg_mve_matmul.h",
    "matmul_rows_s8_mve.c",
    "matmul_pairs_s8_mve.c",
)
SPEC = cc.backend_spec(mc, transpose_conv, ("INT8",), SOURCES, params, claims, scratch_bytes=scratch_bytes)
