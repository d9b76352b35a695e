"""TRANSPOSE_CONV in the mve backend (firmware/kernels/transpose_conv_*mve.c): every int8 node the reference kernel
runs. The geometry, the parameters and the prepare are the family's (transpose_conv); this module adds the phases'
requantization tables and filter rows, and the scratch."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import ModelWords
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
    node.fields.update(channels=table, left_shift=fields["left_shift"], phase_filters=phase_filters(weights, sh, sw))
    return node


def phase_filters(weights, sh: int, sw: int) -> ModelWords:
    """Every stride phase's filter rows as transpose_conv_s8_mve.c reads them: per phase (ry, rx) in order, per
    output channel the phase's taps in the order of the input they meet (kx descending, within it ky descending),
    each tap's input depth of values; a phase without taps one tap of zeros. The filter's bytes rearranged when every
    phase has taps (written over them, plan/in_place.py), else a copy."""
    w = weights.array()  # (out, fh, fw, in)
    rows = []
    for ry in range(sh):
        for rx in range(sw):
            taps = w[:, ry::sh, rx::sw, :][:, ::-1, ::-1, :].transpose(0, 2, 1, 3)  # (out, kx desc, ky desc, in)
            if taps.shape[1] == 0 or taps.shape[2] == 0:
                taps = np.zeros((w.shape[0], 1, 1, w.shape[3]), w.dtype)
            rows.append(taps.reshape(-1))
    data = np.concatenate(rows)
    return ModelWords(weights, tuple(mc.pack_bytes(data)), nbytes=data.size)


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
