"""FULLY_CONNECTED, int8 (per-tensor or per-channel weights), 16x8 (int16 activations, the same weights, an int64 or
int32 bias) and float32, and the set-up every backend of the
family shares: the shape at the start of each parameter block and the requantization multipliers.

The weights need not be constant (a graph input, or an earlier node's output, as TFLite Micro runs them): the
reference kernels read them only when the node runs and nothing here depends on their values; the backends, whose
tables fold weight sums ahead of time, claim constant weights only."""

from __future__ import annotations

from math import prod

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _conv_common as cc
from ..common import _overlap, _scratch
from ..common._common import nested

# The family's shared files: its header and the one prepare (every backend lists these first).
FAMILY_SOURCES = ("fully_connected.h", "mg_prepare_weighted.h", "mg_prepare_weighted.c")


def validate(op, inputs, outputs):
    inp, weights, bias = (inputs + [None, None, None])[:3]
    out = outputs[0]
    if inp is None or weights is None:
        return "needs an input and a weights tensor"
    if op.options.get("weights_format", 0) != 0:
        return "shuffled weights are not supported (convert without the shuffled-weights option)"
    if op.options.get("fused_activation_function", 0) not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(op.options['fused_activation_function'])} is not supported"
    types = (inp.dtype.name, weights.dtype.name, out.dtype.name)
    if types == ("INT8", "INT4", "INT8"):
        problem = _int4_problem(weights)
        if problem:
            return problem
    if types in (("INT8",) * 3, ("INT16", "INT8", "INT16"), ("INT8", "INT4", "INT8")):
        if any(z != 0 for z in weights.quant.zero_point):
            return "int8 weights must be symmetric (zero point 0)"
        if len(weights.quant.scale) not in (1, weights.shape[0]):
            return f"{len(weights.quant.scale)} weight scales for {weights.shape[0]} output channels"
        if types[0] == "INT16":
            return _problem_16x8(op, inp, weights, bias, out)
        if bias is not None and bias.dtype.name != "INT32":
            return f"int8 FULLY_CONNECTED needs an INT32 bias, not {bias.dtype.name}"
        return None
    if types in cc.FLOAT_TYPES:
        return None
    return (
        f"input/weights/output types {'/'.join(types)} are not supported (int8, int16 activations with int8 weights, "
        "or int4 weights, or float32)"
    )


def _int4_problem(weights) -> str | None:
    """TFLite Micro runs int4 weights (packed, widened before the int8 kernel) only constant and per-tensor
    (fully_connected_common.cc refuses per-channel int4)."""
    if weights.data is None:
        return "int4 weights must be constant"
    if len(weights.quant.scale) > 1:
        return "int4 weights must have one scale (TFLite Micro has no per-channel int4 FULLY_CONNECTED)"
    return None


def scratch_bytes(op, inputs, outputs) -> int:
    """int4 weights: a pair of rows widened to int8 (fully_connected_s4.c)."""
    if inputs[1].dtype.name != "INT4":
        return 0
    return _scratch.scratch_size(
        "mg_fully_connected_s4_scratch_size", shape_params(inputs[0], inputs[1])["shape.accum_depth"]
    )


def _problem_16x8(op, inp, weights, bias, out) -> str | None:
    """16x8: an int64 or int32 bias, and the int64 requantization's shift limit (a real multiplier below 128)."""
    if bias is not None and bias.dtype.name not in ("INT64", "INT32"):
        return f"a 16x8 FULLY_CONNECTED needs an INT64 or INT32 bias, not {bias.dtype.name}"
    if cc.accumulator_64(op, bias) and max(shift for _, shift in multiplier_pairs(inp, weights, out)) > 7:
        return "input_scale * weight_scale / output_scale must be below 128 for int16 activations"
    return None


def shape_params(inp, weights) -> dict:
    """mg_fully_connected_shape, the first member of every backend's parameter block."""
    output_depth, accum_depth = weights.shape[0], int(np.prod(weights.shape[1:]))
    return nested(
        "shape", {"batches": inp.num_elements // accum_depth, "accum_depth": accum_depth, "output_depth": output_depth}
    )


def multiplier_pairs(inp, weights, out) -> list[tuple[int, int]]:
    """(multiplier, shift) per output channel as TFLite Micro's FullyConnected computes them: per-tensor weights
    from the float product input_scale * weight_scale (one pair for every channel), per-channel ones from each
    channel's double product (as CONV_2D's, quant.multiplier_from_scales)."""
    if len(weights.quant.scale) > 1:
        in_scale, out_scale = float(quant.scale_of(inp)), float(quant.scale_of(out))
        return [quant.multiplier_from_scales(in_scale, s, out_scale) for s in weights.quant.scale]
    return [quant.quantize_multiplier(quant.conv_multiplier(inp, weights, out))] * weights.shape[0]


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    fields = shape_params(inp, weights)
    if inp.dtype.name in ("INT8", "INT16"):
        # Per-tensor: one multiplier from the float product, as TFLite's FullyConnected does. Per-channel: the
        # kernel computes each channel's on the device from these scales and the weights' scales in the model
        # (mg_requant.h; TFLite's per-channel set-up, a double product, as quant.multiplier_from_scales).
        per_channel = len(weights.quant.scale) > 1
        multiplier, shift = 0, 0
        if not per_channel:
            multiplier, shift = multiplier_pairs(inp, weights, out)[0]
        act_range = quant.activation_range_int16 if inp.dtype.name == "INT16" else quant.activation_range_int8
        act_min, act_max = act_range(activation, out)
        fields.update(
            input_offset=-quant.zero_point_of(inp),
            output_offset=quant.zero_point_of(out),
            per_channel=int(per_channel),
            output_multiplier=multiplier,
            output_shift=shift,
            input_scale=float(quant.scale_of(inp)),
            output_scale=float(quant.scale_of(out)),
            act_min=act_min,
            act_max=act_max,
        )
        if inp.dtype.name == "INT16":
            fields["accumulator_64"] = cc.accumulator_64(op, (inputs + [None, None])[2])
    else:
        act_min_f, act_max_f = quant.activation_range_float(activation)
        fields.update(act_min_f=act_min_f, act_max_f=act_max_f)
    return NodeParams("mg_fully_connected_params", fields)


def overlap(op, inputs, outputs) -> int | None:
    """The float kernel writes batch by batch, each batch's outputs after reading only its own input row
    (fully_connected_f32.c); the int8 and int16 ones run output channel by output channel over every batch."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    if inp.dtype.name != "FLOAT32":
        return None
    shape = shape_params(inp, weights)
    in_row, out_row = shape["shape.accum_depth"] * inp.dtype.size, shape["shape.output_depth"] * out.dtype.size
    return _overlap.round_up(_overlap.rows_distance(shape["shape.batches"], 1, 1, in_row, out_row, 1, 0))


def macs(op, inputs, outputs) -> int:
    return outputs[0].num_elements * prod(inputs[1].shape[1:])  # each output: the input depth


SPEC = KernelSpec(
    op="FULLY_CONNECTED",
    builtin_code=9,
    versions=(1, 13),
    dtypes=("FLOAT32", "INT8", "INT16", "INT4"),
    sources=(
        *FAMILY_SOURCES,
        "fully_connected.c",
        "mg_int4.h",
        "mg_fully_connected_int8.h",
        "fully_connected_s8.c",
        "fully_connected_s4.c",
        "fully_connected_s16.c",
        "mg_half.h",
        "mg_fully_connected_float.h",
        "fully_connected_f32.c",
        "fully_connected_f16.c",
        "mg_fixedpoint.h",
        "mg_requant.h",
        "mg_requant.c",
    ),
    registration="mg_register_fully_connected",
    validate=validate,
    params=params,
    macs=macs,
    overlap=overlap,
    scratch_bytes=scratch_bytes,
    kernel_types=cc.weighted_kernel_types,
)
