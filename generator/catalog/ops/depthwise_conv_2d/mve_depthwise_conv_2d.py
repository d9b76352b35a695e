"""DEPTHWISE_CONV_2D in the mve backend (firmware/kernels/depthwise_conv_2d_*mve.c): int8, depth multiplier 1,
filters of up to 64 taps, any strides, dilations, SAME/VALID padding and batches, per-tensor or per-channel
filters, shifts up to a left shift of 30; 3x3 filters over 16-channel blocks (or 1-8 channels packed, stride 1)
take the assembly path. Everything else stays with the reference kernel. The geometry and the prepare are the
family's (_conv_common, depthwise_conv_2d.FAMILY_SOURCES); this module adds the weight layouts, the requantization
table and the scratch."""

from __future__ import annotations

import numpy as np

from ...spec import ModelWords, NodeParams
from ..common import _conv_common as cc
from ..common import _mve_common as mc
from ..common import _overlap, _scratch
from . import depthwise_conv_2d
from .depthwise_conv_2d import FAMILY_SOURCES
from .dsp_depthwise_conv_2d import MULTIPLIER_WALK_SOURCES, S16_RING_SOURCES

# The backend's int8 and 16x8 kernels (here and mve_depthwise_conv_2d_s16.py) share one registration
# (depthwise_conv_2d_mve.c): a model may use both, so each spec lists every source it names.
SOURCES = (
    *FAMILY_SOURCES,
    "depthwise_conv_2d_mve.c",
    "depthwise_conv_2d_s8_mve.c",
    "depthwise_conv_2d_3x3_row_s8_mve.c",
    "depthwise_conv_2d_s16_mve.c",
    "depthwise_conv_2d_3x3_s16_mve.c",
    *S16_RING_SOURCES,
    "mg_mve.h",
    # depth multipliers of 2 or more (mve_depthwise_conv_2d_multiplier.py)
    *MULTIPLIER_WALK_SOURCES,
    "depthwise_conv_2d_multiplier_s8_mve.c",
    *cc.S16_REQUANT_SOURCES,
    "mg_prepare_weighted_s4.c",  # int4 filters (the kernel reads its own int8 layout of their values)
)

BLOCK = 8  # channels per block: VMULLB/VMULLT split them into even and odd lanes
LANE_ORDER = [0, 2, 4, 6, 1, 3, 5, 7]


def claims(op, inputs, outputs):
    """int8 nodes, and int4 filters too: the kernel reads its own copy of the weights, laid out by `params` (int8
    from the filter's values), never the model's."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    int8 = mc.all_int8(inp, weights, out) and weights.data is not None
    if not int8 and not mc.int8_with_int4_weights(inp, weights, out):
        return "not int8 (or int4 weights) with constant weights"
    if op.options.get("depth_multiplier", 0) != 1 or weights.shape[3] != inp.shape[3]:
        return "its depth multiplier is not 1"
    taps = _scratch.constant("depthwise_conv_2d.h", "MG_MVE_DW_MAX_TAPS")
    if weights.shape[1] * weights.shape[2] > taps:
        return f"its filter has more than {taps} taps"
    return None if mc.shifts_ok(cc.channel_pairs(inp, weights, out, weights.shape[3])) else mc.SHIFTS_OUT_OF_RANGE


LANE_SETS = [[0, 4, 8, 12], [2, 6, 10, 14], [1, 5, 9, 13], [3, 7, 11, 15]]  # the fast path's four int32 sums


def fast_path(op, inputs, outputs) -> bool:
    """depthwise_conv_2d_3x3_row_s8_mve.c's path: 3x3, no dilation, no left shift, 16-channel blocks (any stride)
    or 1, 2, 4, 8 channels packed into 16 lanes (stride 1, whole vectors per output row)."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    o = op.options
    if tuple(weights.shape[1:3]) != (3, 3) or o.get("dilation_h_factor", 1) != 1 or o.get("dilation_w_factor", 1) != 1:
        return False
    if any(s > 0 for _, s in cc.channel_pairs(inp, weights, out, weights.shape[3])):
        return False
    channels = inp.shape[3]
    if channels % 16 == 0:
        return True
    return 16 % channels == 0 and o["stride_w"] == 1 and (out.shape[2] * channels) % 16 == 0


def _fast_layout(weights: np.ndarray, biases: list[int], pairs: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Per block pattern (16 lanes; lane l holds channel (16 * pattern + l) % channels): the 9 taps' 16 weights, and
    the table: the biases of the four lane sets, then each set's multiplier and minus its right shift."""
    taps, channels = weights.shape
    patterns = channels // 16 if channels % 16 == 0 else 1
    packed_w, table = [], []
    for b in range(patterns):
        lane_channel = [(16 * b + lane) % channels for lane in range(16)]
        for t in range(taps):
            packed_w += [int(weights[t, c]) for c in lane_channel]
        sets = [[lane_channel[lane] for lane in lanes] for lanes in LANE_SETS]
        for chans in sets:
            table += [biases[c] for c in chans]
        for chans in sets:
            table += [pairs[c][0] for c in chans] + [pairs[c][1] for c in chans]
    return mc.pack_bytes(packed_w), table


def _block_order(channels: int) -> list[int]:
    """Channel indices in table order: within each block of 8, even lanes then odd lanes; -1 pads."""
    order = []
    for base in range(0, channels, BLOCK):
        order += [base + j if base + j < channels else -1 for j in LANE_ORDER]
    return order


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = cc.offset_geometry_params(op, inp, weights, out)
    channels = weights.shape[3]
    w = weights.array().reshape(-1, channels)  # [tap, channel]
    biases = mc.folded_biases(bias, w, 1, fields["input_offset"])
    pairs = cc.channel_pairs(inp, weights, out, channels)
    activation = op.options.get("fused_activation_function", 0)
    fast = fast_path(op, inputs, outputs)
    fields["fast"] = int(fast)
    if fast:
        packed, table = _fast_layout(w, biases, pairs)
        fields["weights"] = ModelWords(weights, tuple(packed))  # over the model's when a permutation of its bytes
        fields.update(mc.requant_fields(biases, pairs, out, activation))  # the scalar fields
        fields["table"] = table
        return NodeParams("mg_depthwise_conv_2d_mve_params", fields)
    taps = w.shape[0]
    blocks = (channels + BLOCK - 1) // BLOCK
    padded = np.zeros((taps, blocks * BLOCK), dtype=np.int64)
    padded[:, :channels] = w
    relaid = padded.reshape(taps, blocks, BLOCK).transpose(1, 0, 2).reshape(-1)  # [block, tap, 8]
    fields["weights"] = ModelWords(weights, tuple(mc.pack_bytes(relaid)))
    order = _block_order(channels)
    fields.update(
        mc.requant_fields(
            [biases[c] if c >= 0 else 0 for c in order],
            [pairs[c] if c >= 0 else (0, 0) for c in order],
            out,
            activation,
        )
    )
    return NodeParams("mg_depthwise_conv_2d_mve_params", fields)


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size(
        "mg_depthwise_conv_2d_s8_mve_scratch_size",
        inputs[0].shape[3],
        outputs[0].shape[2],
        op.options["stride_w"],
        int(fast_path(op, inputs, outputs)),
    )


def overlap(op, inputs, outputs) -> int | None:
    """depthwise_conv_2d_s8_mve.c, row by row: the fast path copies the input rows of an output row's windows (all
    channels) into scratch before it writes the row, all 3 for packed channels, the first 2 for 16-channel blocks
    (the last is read from the input as the row is written); the other path reads each pixel's window, 16 or 8
    channels at a time, before writing those channels (pixel order)."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    ahead = (2 if inp.shape[3] % 16 == 0 else 3) if fast_path(op, inputs, outputs) else 0
    return _overlap.nhwc_rows(inp, out, g["stride_height"], g["pad_height"], ahead=ahead)


SPEC = cc.backend_spec(
    mc, depthwise_conv_2d, ("INT8", "INT4"), SOURCES, params, claims, scratch_bytes=scratch_bytes, overlap=overlap
)
