"""CONV_2D in the mve backend (firmware/kernels/mve_conv_2d*.c): int8, one group (no grouped filters), any filter
size, strides, dilations, SAME/VALID padding and batches, per-tensor or per-channel filters, shifts up to a left
shift of 30; a 1x1 filter's rows are the input pixels, others are im2col rows in scratch. Everything else
stays with the reference kernel."""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _conv_common as cc
from . import _mve_common as mc
from .conv_2d import macs, validate


def claims(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    if not mc.all_int8(inp, weights, out) or weights.data is None:
        return False
    if weights.shape[3] != inp.shape[3]:  # grouped
        return False
    return mc.shifts_ok(mc.conv_pairs(inp, weights, out, weights.shape[0]))


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    input_offset = -quant.zero_point_of(inp)
    fields["input_offset"] = input_offset
    channels = weights.shape[0]
    biases = mc.folded_biases(bias, weights.array(), 0, input_offset)
    fields.update(mc.requant_fields(biases, mc.conv_pairs(inp, weights, out, channels), out,
                                    op.options.get("fused_activation_function", 0)))
    return NodeParams("mg_conv_2d_mve_params", fields)


ROWS = 4  # MG_MVE_CONV_ROWS


def scratch_bytes(op, inputs, outputs):
    """mg_conv_2d_mve_scratch_size: ROWS im2col rows (none for a 1x1 filter), then ROWS / 2 interleaved pairs of
    rows (32 bytes per 16 taps)."""
    weights = inputs[1]
    taps = weights.shape[1] * weights.shape[2] * weights.shape[3]
    pairs = ROWS // 2 * 32 * ((taps + 15) // 16)
    if tuple(weights.shape[1:3]) == (1, 1):
        return pairs
    return ROWS * taps + pairs


SPEC = KernelSpec(
    op="CONV_2D", builtin_code=3, versions=(1, 8), dtypes=("INT8",),
    sources=("mve_conv_2d.h", "mve_conv_2d.c", "mve_conv_2d_s8.c", "mve_matmul.h", "mve_matmul_s8.c",
             "mve_matmul2_s8.c", "mve_util.h"),
    registration="mg_register_conv_2d_mve", validate=validate, params=params, macs=macs, scratch_bytes=scratch_bytes,
    backend=mc.BACKEND, claims=mc.safe(claims),
)
