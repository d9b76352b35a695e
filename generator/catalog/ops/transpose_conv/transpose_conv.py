"""TRANSPOSE_CONV, int8 (per-channel or per-tensor symmetric int8 filter, int32 bias), int16x8 (int16 activations,
int8 filter, int64 or int16 bias) and float32, with SAME/VALID padding, strides, batches, an optional bias and the
fused activation, as TFLite Micro's transpose_conv.cc computes it. Inputs in TFLite's order: output_shape, filter
(OHWI), input, bias."""

from __future__ import annotations

from math import prod

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _conv_common as cc
from ..common import _scratch
from ..common._common import nested

INT16_MIN, INT16_MAX = -32768, 32767
# The family's shared files: its header, the geometry, the one prepare and the requantization (every backend lists
# these first).
FAMILY_SOURCES = (
    "transpose_conv.h",
    "mg_conv_geometry.h",
    "transpose_conv_prepare.c",
    "mg_fixedpoint.h",
    "mg_requant.h",
    "mg_requant.c",
)
BIAS_TYPES = {"INT8": ("INT32",), "INT16": ("INT64", "INT16"), "FLOAT32": ("FLOAT32",)}


def node_tensors(inputs, outputs):
    output_shape, weights, inp, bias = (list(inputs) + [None] * 4)[:4]
    return output_shape, weights, inp, bias, outputs[0]


def _shape_problem(op, output_shape, weights, inp, out) -> str | None:
    o = op.options
    if o.get("padding", 0) not in (cc.PADDING_SAME, cc.PADDING_VALID):
        return f"padding {o.get('padding')} is neither SAME nor VALID"
    if min(o.get("stride_h", 0), o.get("stride_w", 0)) < 1:
        return f"strides must be at least 1, not {o.get('stride_h', 0)}x{o.get('stride_w', 0)}"
    if weights.data is None:
        return "the filter must be constant"
    if any(len(t.shape) != 4 for t in (weights, inp, out)):
        return f"filter, input and output must be 4-D, not {list(weights.shape)}, {list(inp.shape)}, {list(out.shape)}"
    if inp.shape[0] != out.shape[0]:
        return f"input batch {inp.shape[0]} differs from output batch {out.shape[0]}"
    if inp.shape[3] != weights.shape[3]:
        return f"input depth {inp.shape[3]} differs from the filter's {weights.shape[3]} input channels"
    if out.shape[3] != weights.shape[0]:
        return f"output depth {out.shape[3]} differs from the filter's {weights.shape[0]} output channels"
    if output_shape.dtype.name != "INT32" or output_shape.num_elements != 4:
        return f"output_shape must be 4 int32 values, not {output_shape.num_elements} {output_shape.dtype.name}"
    if output_shape.data is not None and [int(v) for v in output_shape.array()] != list(out.shape):
        return f"output_shape {[int(v) for v in output_shape.array()]} differs from the output's {list(out.shape)}"
    return None


def _int16_problem(inp, weights, bias, out) -> str | None:
    """TFLite's 16x8 scheme: symmetric int16 activations, symmetric int8 filter scales per channel or per tensor."""
    for name, t in (("input", inp), ("filter", weights), ("output", out)):
        if t.quant is None or not t.quant.scale:
            return f"the {name} has no quantization parameters"
    if quant.zero_point_of(inp) or quant.zero_point_of(out):
        return "int16 input and output must be symmetric (zero point 0)"
    if len(weights.quant.scale) not in (1, weights.shape[0]) or any(z != 0 for z in weights.quant.zero_point):
        return "the int8 filter needs symmetric scales, one per output channel or one for all"
    if len(weights.quant.scale) > 1 and weights.quant.axis != 0:
        return f"per-channel filter scales must be along dimension 0, not {weights.quant.axis}"
    return None


def validate(op, inputs, outputs):
    if len(inputs) not in (3, 4) or len(outputs) != 1 or any(t is None for t in inputs[:3]):
        return "needs output_shape, a filter, an input (and an optional bias) and one output"
    output_shape, weights, inp, bias, out = node_tensors(inputs, outputs)
    problem = _shape_problem(op, output_shape, weights, inp, out)
    if problem:
        return problem
    if bias is not None and bias.num_elements != weights.shape[0]:
        return f"bias has {bias.num_elements} values for {weights.shape[0]} output channels"
    types = (inp.dtype.name, weights.dtype.name, out.dtype.name)
    if types != ("INT16", "INT8", "INT16"):
        return cc.quant_problem(op, inp, weights, bias, out, channel_axis=0)
    if bias is not None and bias.dtype.name not in BIAS_TYPES["INT16"]:
        return f"an int16x8 transpose convolution needs an INT64 (or INT16) bias, not {bias.dtype.name}"
    if op.options.get("fused_activation_function", 0) not in cc.SUPPORTED_ACTIVATIONS:
        return f"fused activation {quant.ACTIVATIONS.get(op.options['fused_activation_function'])} is not supported"
    return _int16_problem(inp, weights, bias, out)


def _activation_range_int16(activation: int, out) -> tuple[int, int]:
    """CalculateActivationRangeQuantized for an int16 output (zero point 0)."""
    scale = quant.scale_of(out)
    low, high = {0: (None, None), 1: (0.0, None), 2: (-1.0, 1.0), 3: (0.0, 6.0)}[activation]
    lo = INT16_MIN if low is None else max(INT16_MIN, quant.round_half_away(float(np.float32(low) / scale)))
    hi = INT16_MAX if high is None else min(INT16_MAX, quant.round_half_away(float(np.float32(high) / scale)))
    return lo, hi


def _geometry(op, inp, weights, out) -> dict:
    """mg_conv_geometry with dilations 1; the padding from the output size, as TFLite Micro's CalculateOpData."""
    o = op.options
    fields = cc.shape_fields(op, inp, weights.shape[1:3], out)  # TransposeConvOptions has no dilations: 1
    for i, axis in enumerate(("height", "width")):
        image, taps, stride = out.shape[1 + i], weights.shape[1 + i], fields[f"stride_{axis}"]
        computed = cc.out_size(o.get("padding", 0), image, taps, stride, 1)
        fields[f"pad_{axis}"] = cc.pad_before(image, taps, stride, 1, computed)
    return nested("geometry", fields)


def params(op, inputs, outputs):
    _, weights, inp, _, out = node_tensors(inputs, outputs)
    fields = _geometry(op, inp, weights, out)
    if inp.dtype.name != "INT16":
        fields.update(cc.quant_fields(op, inp, weights, out))
    else:
        act_min, act_max = _activation_range_int16(op.options.get("fused_activation_function", 0), out)
        fields.update(
            input_offset=0,
            output_offset=0,
            per_channel=int(len(weights.quant.scale) > 1),
            input_scale=float(quant.scale_of(inp)),
            output_scale=float(quant.scale_of(out)),
            act_min=act_min,
            act_max=act_max,
        )
    return NodeParams("mg_transpose_conv_params", fields)


def scratch_bytes(op, inputs, outputs):
    kernel = {"INT8": "s8", "INT16": "s16"}.get(inputs[2].dtype.name)
    return _scratch.scratch_size(f"mg_transpose_conv_{kernel}_scratch_size", outputs[0].num_elements) if kernel else 0


def macs(op, inputs, outputs) -> int:
    weights, inp = inputs[1], inputs[2]
    return prod(inp.shape[:3]) * prod(weights.shape)  # each input pixel meets the whole filter


SPEC = KernelSpec(
    # register.cc: versions 1-4 (TFLite Micro's resolver ignores the version).
    op="TRANSPOSE_CONV",
    builtin_code=67,
    versions=(1, 4),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        *FAMILY_SOURCES,
        "transpose_conv.c",
        "transpose_conv_s8.c",
        "transpose_conv_s16.c",
        "transpose_conv_f32.c",
        "mg_fixedpoint64.h",
    ),
    registration="mg_register_transpose_conv",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    macs=macs,
)
