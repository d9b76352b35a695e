"""CONV_2D in the portable backend (firmware/kernels/conv_2d_*portable.c, for cores without DSP: Cortex-M0/M0+,
Cortex-M3): int8, one group, any filter size, strides, dilations, padding and batches, per-tensor or per-channel
filters, windows of at most CHUNK values (their staged copy is the scratch). The geometry and the prepare are the
family's (_conv_common, conv_2d.FAMILY_SOURCES); this module adds the rearranged weights and the channel table."""

from __future__ import annotations

from ... import quant
from ...spec import OVERLAPPED, NodeParams
from ..common import _conv_common as cc
from ..common import _overlap, _scratch
from ..common import _portable_common as pc
from . import conv_2d
from .conv_2d import FAMILY_SOURCES

SOURCES = (
    *FAMILY_SOURCES,
    "conv_2d_portable.c",
    "conv_2d_s8_portable.c",
    "mg_portable_dot.h",
    "portable_dot8.c",
    "portable_requant_pixels.c",
    "mg_fixedpoint.h",
)


def claims(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    if not pc.all_int8(inp, weights, out) or weights.data is None:
        return "not int8 with constant weights"
    if weights.shape[3] != inp.shape[3]:
        return "it is grouped"
    if pc.padded_taps(weights.shape[1] * weights.shape[2] * weights.shape[3]) > pc.CHUNK:
        return f"its filter has more than {pc.CHUNK} taps"
    return None


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = cc.offset_geometry_params(op, inp, weights, out)
    channels = weights.shape[0]
    rows = weights.array().reshape(channels, -1)
    pairs = cc.channel_pairs(inp, weights, out, channels)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields.update(
        weights=pc.in_model(weights, pc.interleaved_weights(rows)),
        **pc.channel_table(rows, bias, quant.zero_point_of(inp), pairs),
        thresholds=pc.thresholds(
            rows,
            pc.bias_values(bias, channels),
            quant.zero_point_of(inp),
            pairs,
            quant.zero_point_of(out),
            act_min,
            act_max,
        ),
        output_offset=quant.zero_point_of(out),
        act_min=act_min,
        act_max=act_max,
        reverse_rows=int(op.options.get(OVERLAPPED) == "above"),
    )
    return NodeParams("mg_conv_2d_portable_params", fields)


def scratch_bytes(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    return _scratch.scratch_size(
        "mg_conv_2d_s8_portable_scratch_size",
        *(
            g[name]
            for name in (
                "filter_height",
                "filter_width",
                "input_depth",
                "dilation_height",
                "dilation_width",
                "stride_height",
                "stride_width",
                "output_height",
                "output_width",
            )
        ),
    )


SPEC = cc.backend_spec(
    pc,
    conv_2d,
    ("INT8",),
    SOURCES,
    params,
    claims,
    scratch_bytes=scratch_bytes,
    # pixel order (conv_2d_s8_portable.c): each output pixel written after its window is staged; or the rows last
    # first (reverse_rows)
    overlap=_overlap.window_rows,
    overlap_above=_overlap.int8_window_rows_above,
)
