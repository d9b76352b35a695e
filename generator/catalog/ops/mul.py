"""MUL, int8 and float32, with broadcasting up to 6-D and a fused activation."""

from __future__ import annotations

from .. import quant
from . import _elementwise
from ._elementwise import check_binary

MAX_SHIFT = 15  # (255 * 255) << 15 still fits int32 before the multiplier is applied


def _multiplier(in1, in2, out) -> tuple[int, int]:
    """TFLite Micro's CalculateOpDataMul: the scales widened to double, then multiplied and divided."""
    s1, s2, so = (float(quant.scale_of(t)) for t in (in1, in2, out))
    return quant.quantize_multiplier(s1 * s2 / so)


def validate(op, inputs, outputs):
    problem = check_binary(op, inputs, outputs, "MUL")
    if problem is None and outputs[0].dtype.name == "INT8" and _multiplier(*inputs[:2], outputs[0])[1] > MAX_SHIFT:
        return "input1_scale * input2_scale / output_scale is too large (the rescaled product would overflow)"
    return problem


def _int8_fields(in1, in2, out, activation: int) -> dict:
    multiplier, shift = _multiplier(in1, in2, out)
    act_min, act_max = quant.activation_range_int8(activation, out)
    return {
        "input1_offset": -quant.zero_point_of(in1),
        "input2_offset": -quant.zero_point_of(in2),
        "output_offset": quant.zero_point_of(out),
        "output_multiplier": multiplier,
        "output_shift": shift,
        "act_min": act_min,
        "act_max": act_max,
    }


SPEC = _elementwise.binary_reference("MUL", 18, (1, 7), validate, _int8_fields)
