"""DEPTHWISE_CONV_2D int8 with a depth multiplier of 2 or more in the dsp backend
(firmware/kernels/depthwise_conv_2d_multiplier_s8_dsp.c): any filter size, strides, dilations, padding, channel
counts and batches, per-tensor or per-channel filters, with the requantization exactness conditions of
_dsp_common.channel_table. It shares the backend's one registration (and so its sources) with the 3x3 kernel,
which takes depth multiplier 1; the registration tells them apart by the output depth. The kernel runs input
channel by input channel, each over the rows of outputs, widening the input rows a row of windows reads into
scratch first (mg_dw_multiplier_run). With one input channel that is pixel order, row by row, so it declares the
pixel-order overlap (`overlap`); with more, each channel's rows read the whole input again, so none. Its lean
order (KernelSpec.lean_scratch) stages a row's windows in LEAN_BLOCKS blocks: a block's columns in scratch instead
of the row's, each block's outputs written after its own columns are staged."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import LEAN_SCRATCH, NodeParams
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _overlap, _scratch
from . import depthwise_conv_2d, dsp_depthwise_conv_2d

HEADER = "depthwise_conv_2d.h"
TAP_ROUND = _scratch.constant(HEADER, "MG_DSP_DW_MULTIPLIER_TAPS")  # a column's taps are padded to a multiple
LEAN_BLOCKS = _scratch.constant(HEADER, "MG_DW_MULTIPLIER_LEAN_BLOCKS")  # blocks a row in the lean order


def block_pixels(op, inputs, outputs) -> int:
    """The output pixels the kernel stages at once: a whole row, or a row's share of LEAN_BLOCKS in the lean order."""
    width = outputs[0].shape[2]
    return -(-width // LEAN_BLOCKS) if op.options.get(LEAN_SCRATCH) else width


def lean_scratch(op, inputs, outputs) -> bool:
    """A row of more than one output pixel."""
    return outputs[0].shape[2] > 1


def _table(op, inputs, outputs):
    node = dc.int8_node(inputs, outputs)
    if node is None:
        return None
    inp, weights, bias, out = node
    return dc.conv_channel_table(op, inp, weights, bias, out, channel_axis=3)


def claims(op, inputs, outputs):
    if dc.int8_node(inputs, outputs) is None:
        return "not int8 with constant weights"
    multiplier = op.options.get("depth_multiplier", 0)
    if multiplier < 2 or inputs[0].shape[3] * multiplier != outputs[0].shape[3]:
        return "its depth multiplier is not 2 or more"
    return dc.INEXACT_REQUANT if _table(op, inputs, outputs) is None else None


def weight_columns(weights, multiplier: int) -> list[int]:
    """Per output channel, its taps doubled in (kx, ky) order, filter_height rounded up to even with a zero
    (mg_depthwise_conv_2d_multiplier_dsp_rows), zero-padded to a multiple of TAP_ROUND, as int16 pairs (the first
    tap in the low half) in int32 words; each input channel's filters two by two, the pair's columns interleaved
    four words at a time (one LDM each), an odd multiplier's last filter alone."""
    w = weights.array().astype(np.int64)[0]  # [kh, kw, output depth]
    kh, kw, depth = w.shape
    rows = -(-kh // 2) * 2
    padded = -(-(rows * kw) // TAP_ROUND) * TAP_ROUND
    taps = np.zeros((depth, kw, rows), dtype=np.int64)
    taps[:, :, :kh] = 2 * w.transpose(2, 1, 0)
    columns = np.zeros((depth, padded), dtype=np.int64)
    columns[:, : rows * kw] = taps.reshape(depth, -1)
    halves = columns & 0xFFFF
    words = halves[:, 0::2] | (halves[:, 1::2] << 16)  # [output depth, padded / 2]
    chunks = words.reshape(depth, -1, 4)  # [output depth, chunks, 4]
    layout = []
    for first in range(0, depth, multiplier):
        for m in range(0, multiplier - 1, 2):
            layout.append(np.stack([chunks[first + m], chunks[first + m + 1]], axis=1).reshape(-1))
        if multiplier % 2:
            layout.append(words[first + multiplier - 1])
    flat = np.concatenate(layout)
    return [int(v) - (1 << 32) if v >= (1 << 31) else int(v) for v in flat]


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    fields = cc.geometry_params(op, inp, weights.shape[1:3], out)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields.update(
        depth_multiplier=op.options["depth_multiplier"],
        input_offset=-quant.zero_point_of(inp),
        act_min=act_min,
        act_max=act_max,
        block_pixels=block_pixels(op, inputs, outputs),
        channels=_table(op, inputs, outputs),
        weights=weight_columns(weights, op.options["depth_multiplier"]),
    )
    return NodeParams("mg_depthwise_conv_2d_multiplier_dsp_params", fields)


def scratch_arguments(op, inputs, outputs) -> tuple[int, ...]:
    """The scratch-size function's arguments (filter height and width, block pixels, stride and dilation across)."""
    o, weights = op.options, inputs[1]
    return (*weights.shape[1:3], block_pixels(op, inputs, outputs), o["stride_w"], o.get("dilation_w_factor", 1))


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size(
        "mg_depthwise_conv_2d_multiplier_s8_dsp_scratch_size", *scratch_arguments(op, inputs, outputs)
    )


def overlap(op, inputs, outputs) -> int | None:
    """One input channel: the rows in order, every output of a row written after its windows' rows are staged (in
    the lean order, every output of a block after its block's columns)."""
    if inputs[0].shape[3] != 1:
        return None
    pixels = block_pixels(op, inputs, outputs)
    if pixels < outputs[0].shape[2]:
        return _overlap.window_row_blocks(op, inputs, outputs, pixels)
    return _overlap.window_rows_staged(op, inputs, outputs)


SPEC = cc.backend_spec(
    dc,
    depthwise_conv_2d,
    ("INT8",),
    dsp_depthwise_conv_2d.SOURCES,
    params,
    claims,
    scratch_bytes=scratch_bytes,
    overlap=overlap,
    lean_scratch=lean_scratch,
)
