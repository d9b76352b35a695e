"""MUL, int8, int16 and float32, with broadcasting up to 6-D and a fused activation. int16 needs zero points 0,
as TFLite Micro's prepare does."""

from __future__ import annotations

from .. import quant
from . import _elementwise
from ._elementwise import check_binary

# the largest shift for which the offset product, shifted left, still fits int32 before the multiplier is applied
MAX_SHIFTS = {"INT8": 15, "INT16": 0}  # (255 * 255) << 15; int16's product reaches 2^30


def _multiplier(in1, in2, out) -> tuple[int, int]:
    """TFLite Micro's CalculateOpDataMul: the scales widened to double, then multiplied and divided."""
    s1, s2, so = (float(quant.scale_of(t)) for t in (in1, in2, out))
    return quant.quantize_multiplier(s1 * s2 / so)


def validate(op, inputs, outputs):
    problem = check_binary(op, inputs, outputs, "MUL")
    dtype = outputs[0].dtype.name
    if problem is not None or dtype == "FLOAT32":
        return problem
    if dtype == "INT16" and any(quant.zero_point_of(t) != 0 for t in (*inputs[:2], outputs[0])):
        return "int16 MUL needs zero points 0 on both inputs and the output"
    if _multiplier(*inputs[:2], outputs[0])[1] > MAX_SHIFTS[dtype]:
        return "input1_scale * input2_scale / output_scale is too large (the rescaled product would overflow)"
    return None


def _quantized_fields(in1, in2, out, activation: int) -> dict:
    multiplier, shift = _multiplier(in1, in2, out)
    act_min, act_max = quant.activation_range_quantized(activation, out)
    return {
        "input1_offset": -quant.zero_point_of(in1),
        "input2_offset": -quant.zero_point_of(in2),
        "output_offset": quant.zero_point_of(out),
        "output_multiplier": multiplier,
        "output_shift": shift,
        "act_min": act_min,
        "act_max": act_max,
    }


SPEC = _elementwise.binary_reference("MUL", 18, (1, 7), validate, _quantized_fields)
