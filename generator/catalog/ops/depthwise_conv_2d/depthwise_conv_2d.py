"""DEPTHWISE_CONV_2D, int8 (per-channel or per-tensor symmetric int8 filter, int32 bias), 16x8 (int16 activations,
the same filters, an int64 bias) and float32, with
strides, dilations, SAME/VALID padding, a depth multiplier and batches, as TFLite Micro's reference kernels
compute it."""

from __future__ import annotations

from math import prod

from ...spec import OVERLAPPED, NodeParams
from ..common import _conv_common as cc
from ..common import _overlap, _scratch

# The family's shared files: its header, the geometry, the one prepare (every backend lists these first).
FAMILY_SOURCES = ("depthwise_conv_2d.h", "mg_conv_geometry.h", "mg_prepare_weighted.h", "mg_prepare_weighted.c")


def validate(op, inputs, outputs):
    problem = cc.weighted_node_problem(
        op, inputs, outputs, lambda shape: len(shape) == 4 and shape[0] == 1, "[1, H, W, channels]"
    )
    if problem:
        return problem
    inp, weights, bias = (inputs + [None])[:3]
    out = outputs[0]
    in_depth, out_depth = inp.shape[3], weights.shape[3]
    multiplier = op.options.get("depth_multiplier", 0)
    if out.shape[3] != out_depth:
        return f"output depth {out.shape[3]} differs from the filter's {out_depth} channels"
    if multiplier < 1 or in_depth * multiplier != out_depth:
        return f"depth_multiplier {multiplier} does not turn {in_depth} input channels into the filter's {out_depth}"
    if bias is not None and bias.num_elements != out_depth:
        return f"bias has {bias.num_elements} values for {out_depth} output channels"
    # TFLite Micro's int16 depthwise reads its bias as int64 whatever its type: an int32 one is refused.
    return cc.quant_problem(op, inp, weights, bias, out, channel_axis=3, bias_types_16x8=("INT64",))


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    fields = cc.geometry_params(op, inp, weights.shape[1:3], out)
    fields["depth_multiplier"] = op.options["depth_multiplier"]
    fields.update(cc.quant_fields(op, inp, weights, out))
    fields["reverse_rows"] = int(op.options.get(OVERLAPPED) == "above")  # int8: rows last first
    return NodeParams("mg_depthwise_conv_2d_params", fields)


def _int8_rows_first(op, inputs) -> bool:
    """The int8 kernel with a depth multiplier: rows outer, each row's channels one after another
    (mg_depthwise_conv_2d_int8.h)."""
    return inputs[0].dtype.name == "INT8" and op.options.get("depth_multiplier", 1) > 1


def overlap(op, inputs, outputs) -> int | None:
    """The float kernel writes pixel by pixel (depthwise_conv_2d_f32.c) and the int8 one with a depth multiplier
    row by row: pixel order; the int8 and int16 ones otherwise channel by channel, each channel reading only its
    own input channel (channel planes, with depth multiplier 1)."""
    if inputs[0].dtype.name == "FLOAT32" or _int8_rows_first(op, inputs):
        return _overlap.window_rows(op, inputs, outputs)
    return _overlap.window_channel_planes(op, inputs, outputs)


def overlap_above(op, inputs, outputs) -> int | None:
    """The int8 kernel with its rows last first (reverse_rows): by rows with a depth multiplier, else each
    channel's."""
    if _int8_rows_first(op, inputs):
        return _overlap.int8_window_rows_above(op, inputs, outputs)
    return _overlap.int8_window_channel_planes_above(op, inputs, outputs)


def macs(op, inputs, outputs) -> int:
    return outputs[0].num_elements * prod(inputs[1].shape[1:3])  # each output: kh * kw


def scratch_bytes(op, inputs, outputs) -> int:
    """An int4 filter: one output channel's taps widened to int8 (depthwise_conv_2d_s4.c)."""
    weights = inputs[1]
    if weights.dtype.name != "INT4":
        return 0
    return _scratch.scratch_size("mg_depthwise_conv_2d_s4_scratch_size", *weights.shape[1:3])


# register.cc: versions 1-7 (2 dilation, 3 int8, 5 int16, 7 int4 filters; 4/6 hybrid are refused by validate).
SPEC = cc.reference_spec(
    "DEPTHWISE_CONV_2D",
    4,
    (1, 7),
    FAMILY_SOURCES,
    validate,
    params,
    macs,
    overlap,
    overlap_above,
    scratch_bytes=scratch_bytes,
)
