"""CONV_2D in the mve backend (firmware/kernels/conv_2d_*mve.c): int8, one group (no grouped filters), any filter
size, strides, dilations, SAME/VALID padding and batches, per-tensor or per-channel filters, shifts up to a left
shift of 30; a 1x1 filter's rows are the input pixels, others are im2col rows in scratch. Everything else
stays with the reference kernel. The geometry and the prepare are the family's (_conv_common,
conv_2d.FAMILY_SOURCES); this module adds the requantization table and the scratch."""

from __future__ import annotations

import math

from ...spec import NodeParams
from ..common import _conv_common as cc
from ..common import _mve_common as mc
from ..common import _overlap, _scratch
from . import conv_2d
from .conv_2d import FAMILY_SOURCES

SOURCES = cc.backend_sources(
    FAMILY_SOURCES,
    "conv_2d",
    "mve",
    "conv_2d_s16_mve_scratch_size.c",
    "mg_mve_matmul.h",
    "matmul_rows_s8_mve.c",
    "matmul_pairs_s8_mve.c",
    "mg_mve.h",
    "mg_mve_matmul_s16.h",
    "matmul_rows_s16_mve.c",
    *cc.int4_backend_sources("conv_2d", "mve"),
)


def claims(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    int8 = mc.all_int8(inp, weights, out) and weights.data is not None
    if not int8 and not mc.int8_with_int4_weights(inp, weights, out):
        return "not int8 (or int4 weights) with constant weights"
    if weights.shape[3] != inp.shape[3]:
        return "it is grouped"
    return None if mc.shifts_ok(cc.channel_pairs(inp, weights, out, weights.shape[0])) else mc.SHIFTS_OUT_OF_RANGE


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = cc.offset_geometry_params(op, inp, weights, out)
    channels = weights.shape[0]
    biases = mc.folded_biases(bias, weights.array(), 0, fields["input_offset"])
    fields.update(
        mc.requant_fields(
            biases, cc.channel_pairs(inp, weights, out, channels), out, op.options.get("fused_activation_function", 0)
        )
    )
    return NodeParams("mg_conv_2d_mve_params", fields)


def scratch_bytes(op, inputs, outputs):
    """The int8 kernel's scratch; with an int4 filter, the widened filter before it (conv_2d_s4_mve.c)."""
    weights = inputs[1]
    left_shift = params(op, inputs, outputs).fields["left_shift"]
    int8 = _scratch.scratch_size("mg_conv_2d_s8_mve_scratch_size", *weights.shape[1:4], left_shift)
    return cc.int4_backend_scratch("mg_conv_2d_s4_mve_scratch_size", weights, int8)


ROWS = 4  # MG_MVE_CONV_ROWS: 1x1 pixels per pass over the filter, and im2col rows for the one-row loop
PAIR_BLOCKS = _scratch.constant("conv_2d.h", "MG_MVE_PAIR_BLOCKS")  # the two-row loop from this many 16-tap blocks
PAIR_ROWS = _scratch.constant("conv_2d.h", "MG_MVE_CONV_PAIR_ROWS")  # im2col rows per pass when in pairs


def im2col_rows(op, inputs, outputs) -> int:
    """mg_conv_2d_mve_im2col_rows (conv_2d.h): a k x k filter's im2col rows per pass over the filter, one pair
    where they meet the filter in pairs (no left shifts, more than PAIR_BLOCKS - 1 blocks of 16 taps)."""
    taps = math.prod(inputs[1].shape[1:4])
    pairs = taps > 16 * (PAIR_BLOCKS - 1) and not params(op, inputs, outputs).fields["left_shift"]
    return PAIR_ROWS if pairs else ROWS


def pointwise_pairs(op, inputs, outputs) -> bool:
    """A 1x1 node that conv_2d_s8_mve.c runs in pairs of pixels (no left shifts, more than PAIR_BLOCKS - 1 blocks
    of 16 input channels): ROWS pixels at a time, every one interleaved (or, an odd last one, copied) into scratch
    before their outputs are written."""
    inp, weights = inputs[0], inputs[1]
    if tuple(weights.shape[1:3]) != (1, 1) or inp.shape[3] <= 16 * (PAIR_BLOCKS - 1):
        return False
    return not params(op, inputs, outputs).fields["left_shift"]


def overlap(op, inputs, outputs) -> int | None:
    """conv_2d_s8_mve.c's im2col path copies the windows of im2col_rows pixels (counted over all batches) into scratch
    and then writes their outputs, reading only the scratch, and so do its 1x1 pairs (pointwise_pairs); its other
    1x1 path goes pixel by pixel, reading a pixel while it writes that pixel's outputs."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    if pointwise_pairs(op, inputs, outputs):
        return _overlap.pixel_groups(inp, out, g, (1, 1), ROWS, across_batches=True)
    if tuple(weights.shape[1:3]) == (1, 1):
        return _overlap.pixel_groups(inp, out, g, (1, 1), 1, across_batches=True, own=True)
    return _overlap.pixel_groups(inp, out, g, weights.shape[1:3], im2col_rows(op, inputs, outputs), across_batches=True)


SPEC = cc.backend_spec(
    mc, conv_2d, ("INT8", "INT4"), SOURCES, params, claims, scratch_bytes=scratch_bytes, overlap=overlap
)
