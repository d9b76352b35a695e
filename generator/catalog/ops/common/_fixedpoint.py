"""Prepare-time math of TFLite Micro's SOFTMAX, LOGISTIC and TANH (quantization_util.cc and the kernels'
Prepare), on the host with the same double steps. Shared by softmax.py, logistic.py and tanh.py, and the last two's
kernel entry (activation_spec)."""

from __future__ import annotations

import math

import numpy as np

from ... import quant
from ...spec import KernelSpec, named_kernel
from . import _elementwise, _overlap

SOFTMAX_SCALED_DIFF_INTEGER_BITS = 5  # the input of exp() is Q5.26
ACTIVATION_INPUT_INTEGER_BITS = 4  # LOGISTIC and TANH rescale their int8 input to Q4.27
INT16_INPUT_INTEGER_BITS = 3  # ... and take an int16 input of scale 2^-12 as it is (else rescale it)
INT16_OUTPUT_SCALE_LOG2 = -15


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


def softmax_node_problem(inputs, outputs) -> str | None:
    """The checks SOFTMAX and LOG_SOFTMAX open with: one input of at least one dimension, one output."""
    inp = inputs[0] if inputs else None
    if inp is None or len(outputs) != 1:
        return "needs one input and one output"
    if len(inp.shape) < 1:
        return "the input needs at least one dimension"
    return None


def softmax_fields(inp, *more_scaling: str) -> dict:
    """The fields SOFTMAX and LOG_SOFTMAX open with: rows along the last dimension, then the int8 scaling
    (input_multiplier, input_left_shift and `more_scaling`), 0 until the input's type sets it."""
    depth = inp.shape[-1]
    fields = {"outer_size": inp.num_elements // depth if depth else 0, "depth": depth}
    return fields | dict.fromkeys(("input_multiplier", "input_left_shift", *more_scaling), 0)


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


def checked_log2(x: float) -> tuple[bool, int]:
    """CheckedLog2: log2 of a float32 in float32 steps, rounded half away from zero, and whether x is a power
    of two within 1e-3 of that exponent."""
    log2 = np.float32(np.log(np.float32(x))) * (np.float32(1.0) / np.float32(np.log(np.float32(2.0))))
    rounded = np.float32(quant.round_half_away(float(log2)))
    return bool(abs(np.float32(log2 - rounded)) < np.float32(1e-3)), int(rounded)


def int16_input_scaling(input_scale: float, power_of_two_shifts: tuple[int, ...]) -> tuple[int, int]:
    """(input_multiplier, input_left_shift) as LOGISTIC's and TANH's int16 Prepare compute them, with the
    kernel's power-of-two case (multiplier 0) folded in: the input as x * multiplier >> left_shift at the
    sigmoid table's scale 1 / (3 * 4096). A scale 2^-12 (TANH: or 2^-11) is taken as it is, times 3; any
    other is rescaled by a multiplier in (2^14, 2^15), doubled into range."""
    is_power_of_two, log2 = checked_log2(input_scale)
    left_shift = (15 - INT16_INPUT_INTEGER_BITS) + log2
    if is_power_of_two and left_shift in power_of_two_shifts:
        return 3 << left_shift, 0
    multiplier = float(np.float32(input_scale)) * 4096.0 * 3.0
    left_shift = 0
    while multiplier <= 32767.0 / 2.0 and left_shift <= 30:
        left_shift += 1
        multiplier *= 2.0
    return int(multiplier), left_shift


def int16_problem(op, inputs, outputs, power_of_two_shifts: tuple[int, ...]) -> str | None:
    """LOGISTIC's and TANH's int16 checks: zero points 0, output scale 2^-15, an input scale the rescaling
    handles without overflow."""
    inp, out = inputs[0], outputs[0]
    problem = single_scale(inp) or single_scale(out)
    if problem:
        return problem
    if quant.zero_point_of(inp) != 0 or quant.zero_point_of(out) != 0:
        return f"int16 {op.op_name} needs zero points 0"
    is_power_of_two, log2 = checked_log2(float(quant.scale_of(out)))
    if not is_power_of_two or log2 != INT16_OUTPUT_SCALE_LOG2:
        return f"int16 {op.op_name} needs output scale 2^{INT16_OUTPUT_SCALE_LOG2} (has {float(quant.scale_of(out)):g})"
    multiplier, left_shift = int16_input_scaling(float(quant.scale_of(inp)), power_of_two_shifts)
    if multiplier > 32767:
        return (
            f"input scale {float(quant.scale_of(inp)):g} is too large for the int16 rescaling (at most 32767 / 12288)"
        )
    if left_shift > 30:
        return f"input scale {float(quant.scale_of(inp)):g} is too small for the int16 rescaling"
    return None


def single_scale(t) -> str | None:
    if t.quant is None or len(t.quant.scale) != 1:
        return f"tensor {t.name} needs one (per-tensor) scale and zero point"
    return None


def check_activation(
    op, inputs, outputs, power_of_two_shifts: tuple[int, ...], output_zero_point: int | None = None
) -> str | None:
    """LOGISTIC's and TANH's checks: one input and output, both int8, int16 or float32; int8 inputs of one scale
    the Q4.27 scaling can hold, and (LOGISTIC) the output zero point TFLite Micro's values assume; int16 as
    int16_problem."""
    inp = inputs[0] if inputs else None
    if inp is None or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    types = (inp.dtype.name, out.dtype.name)
    if types == ("FLOAT32", "FLOAT32"):
        return None
    if types == ("INT16", "INT16"):
        return int16_problem(op, inputs, outputs, power_of_two_shifts)
    if types != ("INT8", "INT8"):
        return f"input/output types {'/'.join(types)} are not supported (int8, int16 or float32)"
    problem = single_scale(inp) or (single_scale(out) if output_zero_point is not None else None)
    if problem:
        return problem
    if output_zero_point is not None and quant.zero_point_of(out) != output_zero_point:
        return (
            f"int8 output must have zero point {output_zero_point} (has {quant.zero_point_of(out)}); its scale "
            f"should be 1/{128 - output_zero_point}"
        )
    return activation_scale_problem(float(quant.scale_of(inp)))


def activation_fields(inputs, power_of_two_shifts: tuple[int, ...]) -> dict:
    """LOGISTIC's and TANH's parameters: int8, the input's zero point, its saturation radius and its Q4.27
    scaling; int16, the rescaling to the sigmoid table's scale."""
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
    elif inp.dtype.name == "INT16":
        multiplier, left_shift = int16_input_scaling(float(quant.scale_of(inp)), power_of_two_shifts)
        fields.update(input_multiplier=multiplier, input_left_shift=left_shift)
    return fields


def activation_spec(op: str, builtin_code: int, headers: tuple[str, ...], validate, params) -> KernelSpec:
    """LOGISTIC's or TANH's entry: `headers`, then `<op>.c` and its int8, int16 (on the sigmoid table) and float32
    kernels; versions 1-3, in place."""
    name = op.lower()
    sources = (
        *headers,
        *_elementwise.SOURCES,
        f"{name}.c",
        f"{name}_s8.c",
        f"{name}_s16.c",
        "mg_sigmoid_table.h",
        "mg_sigmoid_table.c",
        f"{name}_f32.c",
        "mg_fixedpoint_exp.h",
        "mg_fixedpoint.h",
    )
    types = ("FLOAT32", "INT8", "INT16")
    return named_kernel(
        op, builtin_code, (1, 3), types, sources, validate, params, inplace_input=_overlap.in_place_same_type
    )
