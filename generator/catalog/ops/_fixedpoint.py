"""Prepare-time math of TFLite Micro's SOFTMAX, LOGISTIC and TANH (quantization_util.cc and the kernels'
Prepare), on the host with the same double steps. Shared by softmax.py, logistic.py and tanh.py."""

from __future__ import annotations

import math

import numpy as np

from .. import quant

SOFTMAX_SCALED_DIFF_INTEGER_BITS = 5  # the input of exp() is Q5.26
ACTIVATION_INPUT_INTEGER_BITS = 4  # LOGISTIC and TANH rescale their int8 input to Q4.27


def calculate_input_radius(input_integer_bits: int, input_left_shift: int, total_signed_bits: int = 31) -> int:
    """CalculateInputRadius: the largest input magnitude whose rescaled value still fits, floored."""
    max_input_rescaled = (
        1.0
        * ((1 << input_integer_bits) - 1)
        * float(1 << (total_signed_bits - input_integer_bits))
        / float(1 << input_left_shift)
    )
    return int(math.floor(max_input_rescaled))


def softmax_real_multiplier(beta: float, input_scale: float) -> float:
    """PreprocessSoftmaxScaling's double multiplier: beta * input_scale * 2^(31 - 5), capped below 2^31."""
    max_real_multiplier = float((1 << 31) - 1)
    return min(beta * input_scale * float(1 << (31 - SOFTMAX_SCALED_DIFF_INTEGER_BITS)), max_real_multiplier)


def softmax_scaling(beta: float, input_scale: float) -> tuple[int, int, int]:
    """(input_multiplier, input_left_shift, diff_min) as SoftmaxPrepare computes them for int8 input.
    The caller checks first that the real multiplier is above one (TFLite aborts otherwise)."""
    multiplier, left_shift = quant.quantize_multiplier(softmax_real_multiplier(beta, input_scale))
    diff_min = -1.0 * calculate_input_radius(SOFTMAX_SCALED_DIFF_INTEGER_BITS, left_shift)
    return multiplier, left_shift, int(diff_min)


def activation_input_scaling(input_scale: float) -> tuple[int, int, int]:
    """(input_multiplier, input_left_shift, input_range_radius) as LOGISTIC's and TANH's int8 Prepare compute
    them: a plain frexp of input_scale * 2^27 (no renormalization of a rounded-up fraction) and the radius."""
    real = float(np.float32(input_scale)) * float(1 << (31 - ACTIVATION_INPUT_INTEGER_BITS))
    fraction, left_shift = math.frexp(real)
    multiplier = quant.round_half_away(fraction * float(1 << 31))
    radius = calculate_input_radius(ACTIVATION_INPUT_INTEGER_BITS, left_shift, 31)
    return multiplier, left_shift, radius


def activation_scale_problem(input_scale: float) -> str | None:
    """Input scales for which TFLite's own set-up math is undefined (a negative or huge shift)."""
    _, left_shift = math.frexp(float(np.float32(input_scale)) * float(1 << (31 - ACTIVATION_INPUT_INTEGER_BITS)))
    if not (0 <= left_shift <= 62):
        return f"input scale {input_scale:g} is outside the range TFLite's fixed-point set-up handles (2^-28 .. 2^35)"
    return None


def single_scale(t) -> str | None:
    if t.quant is None or len(t.quant.scale) != 1:
        return f"tensor {t.name} needs one (per-tensor) scale and zero point"
    return None


def check_activation(op, inputs, outputs, output_zero_point: int | None = None) -> str | None:
    """LOGISTIC's and TANH's checks: one input and output, both int8 or both float32; int8 inputs of one scale
    the Q4.27 scaling can hold, and (LOGISTIC) the output zero point TFLite Micro's values assume."""
    inp = inputs[0] if inputs else None
    if inp is None or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    types = (inp.dtype.name, out.dtype.name)
    if types == ("FLOAT32", "FLOAT32"):
        return None
    if types != ("INT8", "INT8"):
        return f"input/output types {'/'.join(types)} are not supported (int8 or float32)"
    problem = single_scale(inp) or (single_scale(out) if output_zero_point is not None else None)
    if problem:
        return problem
    if output_zero_point is not None and quant.zero_point_of(out) != output_zero_point:
        return (
            f"int8 output must have zero point {output_zero_point} (has {quant.zero_point_of(out)}); its scale "
            f"should be 1/{128 - output_zero_point}"
        )
    return activation_scale_problem(float(quant.scale_of(inp)))


def activation_fields(inputs) -> dict:
    """LOGISTIC's and TANH's parameters: the input's zero point, its saturation radius and its Q4.27 scaling."""
    inp = inputs[0]
    fields = {
        "count": inp.num_elements,
        "input_zero_point": 0,
        "input_range_radius": 0,
        "input_multiplier": 0,
        "input_left_shift": 0,
    }
    if inp.dtype.name == "INT8":
        multiplier, left_shift, radius = activation_input_scaling(float(quant.scale_of(inp)))
        fields.update(
            input_zero_point=quant.zero_point_of(inp),
            input_range_radius=radius,
            input_multiplier=multiplier,
            input_left_shift=left_shift,
        )
    return fields
