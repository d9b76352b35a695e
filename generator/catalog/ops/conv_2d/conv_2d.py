"""CONV_2D, int8 (per-channel or per-tensor symmetric int8 filter, int32 bias), 16x8 (int16 activations, the same
filters, an int64 or int32 bias) and float32, with strides,
dilations, SAME/VALID padding, grouped filters and batches, as TFLite Micro's reference kernels compute it."""

from __future__ import annotations

from math import prod

from ...spec import OVERLAPPED, NodeParams
from ..common import _conv_common as cc
from ..common import _overlap, _scratch

# The family's shared files: its header, the geometry, the one prepare (every backend lists these first).
FAMILY_SOURCES = ("conv_2d.h", "mg_conv_geometry.h", "mg_prepare_weighted.h", "mg_prepare_weighted.c")


def validate(op, inputs, outputs):
    problem = cc.weighted_node_problem(op, inputs, outputs, lambda shape: len(shape) == 4, "(OHWI)")
    if problem:
        return problem
    inp, weights, bias = (inputs + [None])[:3]
    out = outputs[0]
    in_depth, filter_depth, out_depth = inp.shape[3], weights.shape[3], weights.shape[0]
    if out.shape[3] != out_depth:
        return f"output depth {out.shape[3]} differs from the filter's {out_depth} output channels"
    if filter_depth < 1 or in_depth % filter_depth:
        return f"input depth {in_depth} is not a multiple of the filter's {filter_depth} input channels"
    groups = in_depth // filter_depth
    if out_depth % groups:
        return f"{out_depth} output channels do not split into {groups} groups"
    if bias is not None and bias.num_elements != out_depth:
        return f"bias has {bias.num_elements} values for {out_depth} output channels"
    return cc.quant_problem(op, inp, weights, bias, out, channel_axis=0)


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    fields = cc.geometry_params(op, inp, weights.shape[1:3], out)
    groups = inp.shape[3] // weights.shape[3]
    fields.update(filter_input_depth=weights.shape[3], filters_per_group=weights.shape[0] // groups)
    fields.update(cc.quant_fields(op, inp, weights, out))
    if inp.dtype.name == "INT16":
        fields["accumulator_64"] = cc.accumulator_64(op, (inputs + [None, None])[2])
    # int8: one pass over every output row (each channel's multiplier computed once), or row by row when the
    # planner put the output over the input (the orders `overlap` and `overlap_above` declare for int8)
    fields["rows_per_pass"] = {"below": 1, "above": -1}.get(op.options.get(OVERLAPPED), 0)
    return NodeParams("mg_conv_2d_params", fields)


def overlap(op, inputs, outputs) -> int | None:
    """The float kernel writes pixel by pixel (conv_2d_f32.c), the int8 one (given OVERLAPPED) row by row, each
    row's channels one after another; the int16 one runs channel by channel over the whole image, re-reading all
    of the input for each: no overlap."""
    return None if inputs[0].dtype.name == "INT16" else _overlap.window_rows(op, inputs, outputs)


# Instructions of one mg_requant_channel call (measured: KWS's five int8 convolutions row by row, 7,680 more
# calls, cost 2.04 M more instructions in QEMU).
REQUANT_CHANNEL_INSTRUCTIONS = 270


def overlap_cost(op, inputs, outputs) -> int:
    """The int8 kernel row by row computes each channel's multiplier once per row instead of once."""
    out = outputs[0]
    if inputs[0].dtype.name != "INT8":
        return 0
    return (out.shape[0] * out.shape[1] - 1) * out.shape[3] * REQUANT_CHANNEL_INSTRUCTIONS


def macs(op, inputs, outputs) -> int:
    return outputs[0].num_elements * prod(inputs[1].shape[1:])  # each output: kh * kw * the filter depth


def scratch_bytes(op, inputs, outputs) -> int:
    """An int4 filter: one output channel's filter widened to int8 (conv_2d_s4.c)."""
    weights = inputs[1]
    if weights.dtype.name != "INT4":
        return 0
    return _scratch.scratch_size("mg_conv_2d_s4_scratch_size", *weights.shape[1:4])


# register.cc: versions 1-8 (3 int8, 4/8 int16, 6 grouped, 7 int4 filters; 2/5 hybrid are refused by validate).
SPEC = cc.reference_spec(
    "CONV_2D",
    3,
    (1, 8),
    FAMILY_SOURCES,
    validate,
    params,
    macs,
    overlap,
    _overlap.int8_window_rows_above,  # the int8 kernel with its row passes last first
    overlap_cost=overlap_cost,
    scratch_bytes=scratch_bytes,
)
