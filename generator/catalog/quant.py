"""TFLite Micro's quantization set-up math, done on the host with the same float/double steps."""

from __future__ import annotations

import math

import numpy as np

from ..model import Tensor

INT8_MIN, INT8_MAX = -128, 127
INT16_MIN, INT16_MAX = -32768, 32767
# the value range of each quantized type, by the tensor type's name
TYPE_RANGES = {"INT8": (INT8_MIN, INT8_MAX), "INT16": (INT16_MIN, INT16_MAX), "UINT8": (0, 255)}
FLOAT_LOWEST, FLOAT_MAX = float(-np.finfo(np.float32).max), float(np.finfo(np.float32).max)
ACTIVATIONS = {0: "NONE", 1: "RELU", 2: "RELU_N1_TO_1", 3: "RELU6", 4: "TANH", 5: "SIGN_BIT"}


def round_half_away(x: float) -> int:
    """std::round / roundf: halves go away from zero (Python's round() goes to even)."""
    return int(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1)


def quantize_multiplier(real: float) -> tuple[int, int]:
    """A positive real as a Q31 multiplier in [0.5, 1) and a power-of-two shift (TFLite's QuantizeMultiplier)."""
    if real == 0.0:
        return 0, 0
    fraction, shift = math.frexp(real)
    q = round_half_away(fraction * (1 << 31))
    if q == 1 << 31:
        q //= 2
        shift += 1
    if shift < -31:
        return 0, 0
    return q, shift


def scale_of(t: Tensor) -> np.float32:
    return np.float32(t.quant.scale[0])


def zero_point_of(t: Tensor) -> int:
    return int(t.quant.zero_point[0])


def conv_multiplier(inp: Tensor, weights: Tensor, out: Tensor) -> float:
    """input_scale * weight_scale is a float product in TFLite; the division by output_scale is double."""
    product = np.float32(scale_of(inp) * scale_of(weights))
    return float(product) / float(scale_of(out))


def multiplier_from_scales(in_scale: float, w_scale: float, out_scale: float) -> tuple[int, int]:
    """One channel's Q31 multiplier and shift from float32 scales, as TFLite's per-channel set-up computes it (a
    double product and quotient); firmware/kernels/mg_requant.c computes the same bits on the device."""
    a, b, c = (float(np.float32(s)) for s in (in_scale, w_scale, out_scale))
    return quantize_multiplier(a * b / c)


def activation_range_int8(activation: int, out: Tensor) -> tuple[int, int]:
    """The fused activation's range for an int8 output (see activation_range_quantized)."""
    return activation_range_quantized(activation, out)


def activation_range_int16(activation: int, out: Tensor) -> tuple[int, int]:
    """The fused activation's range for an int16 output (see activation_range_quantized)."""
    return activation_range_quantized(activation, out)


def activation_range_quantized(activation: int, out: Tensor) -> tuple[int, int]:
    """CalculateActivationRangeQuantized for an int8 or int16 output: the fused activation's range quantized with
    the output's scale and zero point, within the output type's limits."""
    scale, zp = scale_of(out), zero_point_of(out)
    type_min, type_max = TYPE_RANGES[out.dtype.name]

    def q(value: float) -> int:
        return zp + round_half_away(float(np.float32(value) / scale))

    if activation == 0:
        return type_min, type_max
    if activation == 1:
        return max(type_min, q(0.0)), type_max
    if activation == 3:
        return max(type_min, q(0.0)), min(type_max, q(6.0))
    if activation == 2:
        return max(type_min, q(-1.0)), min(type_max, q(1.0))
    raise ValueError(f"fused activation {ACTIVATIONS.get(activation, activation)} is not supported")


def activation_range_float(activation: int) -> tuple[float, float]:
    ranges = {0: (FLOAT_LOWEST, FLOAT_MAX), 1: (0.0, FLOAT_MAX), 2: (-1.0, 1.0), 3: (0.0, 6.0)}
    if activation not in ranges:
        raise ValueError(f"fused activation {ACTIVATIONS.get(activation, activation)} is not supported")
    return ranges[activation]
