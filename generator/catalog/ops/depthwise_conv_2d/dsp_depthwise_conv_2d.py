"""DEPTHWISE_CONV_2D in the dsp backend (firmware/kernels/depthwise_conv_2d_*dsp.c): int8, 3x3 filters, depth
multiplier 1, no dilation, any strides and padding, batches; the requantization exactness conditions of
_dsp_common.channel_table. Depth multipliers of 2 or more go to the multiplier kernel
(dsp_depthwise_conv_2d_multiplier.py), everything else stays with the reference kernel. The geometry and the
prepare are the family's (_conv_common, depthwise_conv_2d.FAMILY_SOURCES); this module adds the channel table
and the scratch."""

from __future__ import annotations

from ... import quant
from ...spec import NodeParams
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _overlap, _scratch
from . import depthwise_conv_2d
from .depthwise_conv_2d import FAMILY_SOURCES

# The 16x8 kernels' ring of input rows (dsp_depthwise_conv_2d_s16.py), which both backends' 16x8 kernels read.
S16_RING_SOURCES = ("mg_dw_ring_s16.h", "dw_ring_s16_advance.c", "depthwise_conv_2d_s16_ring_scratch_size.c")
# The walk of the depth-multiplier kernels, which both backends' registrations reach
# (dsp_depthwise_conv_2d_multiplier.py and mve_depthwise_conv_2d_multiplier.py).
MULTIPLIER_WALK_SOURCES = ("mg_dw_multiplier.h", "mg_dsp_requant.h")
SOURCES = cc.backend_sources(
    FAMILY_SOURCES,
    "depthwise_conv_2d",
    "dsp",
    *MULTIPLIER_WALK_SOURCES,
    "depthwise_conv_2d_multiplier_s8_dsp.c",
    *S16_RING_SOURCES,
    *cc.int4_backend_sources("depthwise_conv_2d", "dsp"),
)


def _table(op, inputs, outputs):
    node = dc.int8_node(inputs, outputs, int4=True)
    if node is None:
        return None
    inp, weights, bias, out = node
    return dc.conv_channel_table(op, inp, weights, bias, out, channel_axis=3)


def claims(op, inputs, outputs):
    if dc.int8_node(inputs, outputs, int4=True) is None:
        return dc.NOT_INT8_CONSTANT
    inp, weights, out, o = inputs[0], inputs[1], outputs[0], op.options
    if o.get("depth_multiplier", 0) != 1 or inp.shape[3] != out.shape[3]:
        return "its depth multiplier is not 1"
    if tuple(weights.shape[:3]) != (1, 3, 3):
        return f"its filter is {weights.shape[1]}x{weights.shape[2]}, not 3x3"
    if o.get("dilation_h_factor", 1) != 1 or o.get("dilation_w_factor", 1) != 1:
        return "it is dilated"
    return dc.INEXACT_REQUANT if _table(op, inputs, outputs) is None else None


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    fields = cc.geometry_params(op, inp, weights.shape[1:3], out)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields.update(
        input_offset=-quant.zero_point_of(inp), act_min=act_min, act_max=act_max, channels=_table(op, inputs, outputs)
    )
    return NodeParams("mg_depthwise_conv_2d_dsp_params", fields)


def scratch_bytes(op, inputs, outputs):
    """The int8 kernel's ring; with an int4 filter, the widened filter before it (depthwise_conv_2d_s4_dsp.c)."""
    int8 = _scratch.scratch_size(
        "mg_depthwise_conv_2d_s8_dsp_scratch_size", outputs[0].shape[2], op.options["stride_w"]
    )
    return cc.int4_backend_scratch("mg_depthwise_conv_2d_s4_dsp_scratch_size", inputs[1], int8)


RING_ROWS = 3  # the input rows depthwise_conv_2d_s8_dsp.c holds per block of channels


def overlap(op, inputs, outputs) -> int | None:
    """depthwise_conv_2d_s8_dsp.c runs block of channels by block, each over the rows in order, loading the
    window's 3 input rows (its own channels) into the ring before it writes an output row: channel planes with
    the rows up to the window's last already read."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    return _overlap.channel_planes(inp, out, g["stride_height"], g["pad_height"], ahead=RING_ROWS)


SPEC = cc.backend_spec(
    dc, depthwise_conv_2d, ("INT8", "INT4"), SOURCES, params, claims, scratch_bytes=scratch_bytes, overlap=overlap
)
