"""DEPTHWISE_CONV_2D in the portable backend (firmware/kernels/depthwise_conv_2d_*portable.c, for cores without
DSP: Cortex-M0/M0+, Cortex-M3): int8, any filter size, strides, dilations, padding, depth multiplier and batches,
per-tensor or per-channel filters. The geometry and the prepare are the family's (_conv_common,
depthwise_conv_2d.FAMILY_SOURCES); this module adds the weights (grouped by four output channels) and the
channel table."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import OVERLAPPED, CExpr, NodeParams
from ..common import _conv_common as cc
from ..common import _overlap, _scratch
from ..common import _portable_common as pc
from ..common._mve_common import pack_bytes
from . import depthwise_conv_2d
from .depthwise_conv_2d import FAMILY_SOURCES

SOURCES = (
    *FAMILY_SOURCES,
    "depthwise_conv_2d_portable.c",
    "depthwise_conv_2d_s8_portable.c",
    "depthwise_conv_2d_3x3_row_s8_portable.c",
    "depthwise_conv_2d_3x3_planes_s8_portable.c",
    "mg_portable_dw.h",
    "mg_portable_dot.h",
    "portable_dot8.c",
    "mg_fixedpoint.h",
)


MAX_TAPS = 64  # MG_PORTABLE_DW_MAX_TAPS


def claims(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    if not pc.all_int8(inp, weights, out) or weights.data is None:
        return "not int8 with constant weights"
    if weights.shape[1] * weights.shape[2] > MAX_TAPS:
        return f"its filter has more than {MAX_TAPS} taps"
    return None


def grouped_taps(taps: np.ndarray) -> np.ndarray:
    """Taps [channel][tap] as the kernel reads them: per group of four output channels (zeros after the last
    channel), per tap the four channels' weights side by side."""
    channels, count = taps.shape
    padded = np.zeros((-(-channels // pc.GROUP) * pc.GROUP, count), dtype=np.int64)
    padded[:channels] = taps
    return padded.reshape(-1, pc.GROUP, count).transpose(0, 2, 1).reshape(-1)


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = cc.geometry_params(op, inp, weights.shape[1:3], out)
    channels = weights.shape[3]
    taps = weights.array().reshape(-1, channels).T  # [channel][tap]
    biases = pc.bias_values(bias, channels)
    zero_point = quant.zero_point_of(inp)
    folded = biases - zero_point * taps.astype(np.int64).sum(axis=1)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    pairs = cc.channel_pairs(inp, weights, out, channels)
    offset = quant.zero_point_of(out)
    limits = (  # for the rows kernel: the nodes its scratch size (the C function) admits
        pc.thresholds(taps, biases, zero_point, pairs, offset, act_min, act_max)
        if scratch_bytes(op, inputs, outputs)
        else CExpr("NULL")
    )
    fields.update(
        weights=pc.in_model(weights, pack_bytes(grouped_taps(taps))),
        padding=pack_bytes([zero_point] * inp.shape[3]),
        **pc.channel_fields(folded, bias, pairs),
        thresholds=limits,
        output_offset=offset,
        act_min=act_min,
        act_max=act_max,
        reverse_rows=int(op.options.get(OVERLAPPED) == "above"),
    )
    return NodeParams("mg_depthwise_conv_2d_portable_params", fields)


def scratch_bytes(op, inputs, outputs):
    """3x3 filters with depth multiplier 1: a row's staged columns and window sums, or a band's planes
    (depthwise_conv_2d_s8_portable.c, depthwise_conv_2d_3x3_planes_s8_portable.c)."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    return _scratch.scratch_size(
        "mg_depthwise_conv_2d_s8_portable_scratch_size",
        weights.shape[1],
        weights.shape[2],
        out.shape[3] // inp.shape[3],
        g["dilation_height"],
        g["dilation_width"],
        g["stride_height"],
        g["stride_width"],
        out.shape[1],
        out.shape[2],
    )


def _planes(op, inputs, outputs) -> bool:
    """A node the planes kernel may take on ARMv7-M (3x3, depth multiplier 1, no dilation): channel by channel (its
    narrow rows take the pixel order kernel, which keeps the same exact distance)."""
    o = op.options
    return (
        tuple(inputs[1].shape[1:3]) == (3, 3)
        and outputs[0].shape[3] == inputs[0].shape[3]
        and o.get("dilation_h_factor", 1) == o.get("dilation_w_factor", 1) == 1
    )


def overlap(op, inputs, outputs):
    """The planes kernel's channel planes (the reference int8 kernel's rule: exact whole pixels, which the rows and
    pixel order kernels that ARMv6-M runs for the same nodes also keep); else pixel order."""
    if _planes(op, inputs, outputs):
        return _overlap.window_channel_planes(op, inputs, outputs)
    return _overlap.window_rows(op, inputs, outputs)


def overlap_above(op, inputs, outputs):
    """As overlap, the rows (each channel's, or every channel's) last first."""
    if _planes(op, inputs, outputs):
        return _overlap.int8_window_channel_planes_above(op, inputs, outputs)
    return _overlap.int8_window_rows_above(op, inputs, outputs)


SPEC = cc.backend_spec(
    pc,
    depthwise_conv_2d,
    ("INT8",),
    SOURCES,
    params,
    claims,
    scratch_bytes=scratch_bytes,
    overlap=overlap,
    overlap_above=overlap_above,
)
