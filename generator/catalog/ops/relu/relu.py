"""RELU and RELU6, int8, int16 and float32 (int16 RELU with zero points 0, as TFLite Micro's prepare checks)."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams, named_kernel
from ..common import _elementwise, _overlap
from ..common._elementwise import check_unary  # also imported from here by older op modules

SOURCES = (
    "relu.h",
    *_elementwise.SOURCES,
    "relu.c",
    "relu_s8.c",
    "relu6_s8.c",
    "relu_s16.c",
    "relu6_s16.c",
    "relu_f32.c",
    "relu6_f32.c",
    "mg_fixedpoint.h",
)
MAX_SHIFT = 23  # 255 << 23 still fits int32 before the multiplier is applied
MAX_SHIFTS = {"INT8": MAX_SHIFT, "INT16": 15}  # 65535 << 15 for int16


def _relu_multiplier(inp, out) -> tuple[int, int]:
    """TFLite Micro's CalculateReluOpData: the scale ratio in double. (Some TFLite Micro sources divide in float
    first; int16 inputs, up to 32767 times the multiplier, show that the tflite-micro reference divides in double.)"""
    return quant.quantize_multiplier(float(quant.scale_of(inp)) / float(quant.scale_of(out)))


def _six(inp) -> int:
    """FloatToQuantizedType<T>(6.0f, scale, zero_point): round(6.0f / scale) + zero point, clamped to T."""
    q = quant.round_half_away(float(np.float32(6.0) / quant.scale_of(inp))) + quant.zero_point_of(inp)
    type_min, type_max = quant.TYPE_RANGES[inp.dtype.name]
    return min(type_max, max(type_min, q))


def validate_relu(op, inputs, outputs):
    problem = check_unary(op, inputs, outputs, int16=True)
    dtype = inputs[0].dtype.name if problem is None else "FLOAT32"
    if dtype == "INT16" and (quant.zero_point_of(inputs[0]) != 0 or quant.zero_point_of(outputs[0]) != 0):
        return "int16 RELU needs zero points 0"
    if dtype != "FLOAT32" and _relu_multiplier(inputs[0], outputs[0])[1] > MAX_SHIFTS[dtype]:
        return "input_scale / output_scale is too large (the rescaled input would overflow)"
    return problem


def validate_relu6(op, inputs, outputs):
    problem = check_unary(op, inputs, outputs, int16=True)
    if problem is None and inputs[0].dtype.name != "FLOAT32" and 6.0 / float(quant.scale_of(inputs[0])) >= 2**31:
        return "the input scale is too small to quantize 6.0"
    return problem


def params_relu(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    fields = {"count": out.num_elements}
    if inp.dtype.name != "FLOAT32":
        multiplier, shift = _relu_multiplier(inp, out)
        type_min, type_max = quant.TYPE_RANGES[out.dtype.name]
        # act_min = max(type min, zero point + round(0.0f / scale)); act_max is the type's max (RELU has no top)
        fields.update(
            input_zero_point=quant.zero_point_of(inp),
            output_zero_point=quant.zero_point_of(out),
            output_multiplier=multiplier,
            output_shift=shift,
            act_min=max(type_min, quant.zero_point_of(out)),
            act_max=type_max,
        )
    return NodeParams("mg_relu_params", fields)


def params_relu6(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    fields = {"count": out.num_elements}
    if inp.dtype.name != "FLOAT32":
        fields.update(act_min=quant.zero_point_of(inp), act_max=_six(inp))
    return NodeParams("mg_relu_params", fields)


def _spec(op: str, builtin_code: int, validate, params) -> KernelSpec:
    """RELU and RELU6: one header and sources, versions 1-3, in place."""
    types = ("FLOAT32", "INT8", "INT16")
    return named_kernel(
        op, builtin_code, (1, 3), types, SOURCES, validate, params, inplace_input=_overlap.in_place_first
    )


SPECS = [_spec("RELU", 19, validate_relu, params_relu), _spec("RELU6", 21, validate_relu6, params_relu6)]
