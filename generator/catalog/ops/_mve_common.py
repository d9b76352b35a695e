"""Set-up math shared by the mve backend's kernels (Cortex-M55 Helium, firmware/kernels/mve_*.c).

The kernels requantize four channels at a time with VQRDMULH and a corrected VRSHL (firmware/kernels/mve_util.h),
exact for every multiplier and shift TFLite's QuantizeMultiplier produces with a left shift of at most 30. Each
node's table is computed here: the bias with the input offset folded in (bias + input_offset * the channel's
weight sum, wrapping like the int32 sums on the device), the multiplier and the shifts.
"""
from __future__ import annotations

import numpy as np

from .. import quant

BACKEND = "mve"
MAX_LEFT_SHIFT = 30


def wrap32(x: int) -> int:
    return (int(x) + (1 << 31)) % (1 << 32) - (1 << 31)


def pad4(n: int) -> int:
    return (n + 3) // 4 * 4


def safe(check):
    """A claims predicate that never raises: a malformed node is simply not claimed."""
    def claims(op, inputs, outputs):
        try:
            return bool(check(op, inputs, outputs))
        except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError):
            return False
    return claims


def all_int8(*tensors) -> bool:
    return all(t is not None and t.dtype.name == "INT8" and t.quant is not None and len(t.quant.scale) >= 1
               for t in tensors)


def conv_pairs(inp, weights, out, channels: int) -> list[tuple[int, int]]:
    """(multiplier, shift) per output channel as TFLite Micro's PopulateConvolutionQuantizationParams computes
    them for CONV_2D and DEPTHWISE_CONV_2D (and the reference kernels on the device, mg_requant.c): the double
    product input_scale * filter_scale / output_scale, a per-tensor filter scale broadcast to every channel."""
    in_scale, out_scale = float(quant.scale_of(inp)), float(quant.scale_of(out))
    scales = list(weights.quant.scale) if len(weights.quant.scale) > 1 else list(weights.quant.scale) * channels
    return [quant.multiplier_from_scales(in_scale, s, out_scale) for s in scales]


def shifts_ok(pairs) -> bool:
    return all(-31 <= s <= MAX_LEFT_SHIFT for _, s in pairs)


def bias_values(bias, channels: int) -> np.ndarray:
    if bias is None or bias.data is None:
        return np.zeros(channels, dtype=np.int64)
    return bias.array().astype(np.int64).reshape(-1)


def requant_fields(biases, pairs, out, activation: int) -> dict:
    """The requantization table of firmware/kernels/mve_util.h for per-channel biases (already folded) and
    (multiplier, shift) pairs: per group of four channels (the last one padded with zeros) the biases, the
    multipliers, minus the right shifts and, when some channel shifts left, the left shifts."""
    channels = len(pairs)
    fill = pad4(channels) - channels
    bias = [wrap32(b) for b in biases] + [0] * fill
    mult = [m for m, _ in pairs] + [0] * fill
    neg_right = [min(s, 0) for _, s in pairs] + [0] * fill
    left = [max(s, 0) for _, s in pairs] + [0] * fill
    left_shift = any(left)
    table = []
    for g in range(0, len(bias), 4):
        table += bias[g:g + 4] + mult[g:g + 4] + neg_right[g:g + 4] + (left[g:g + 4] if left_shift else [])
    act_min, act_max = quant.activation_range_int8(activation, out)
    return {"table": table, "left_shift": int(left_shift), "output_offset": quant.zero_point_of(out),
            "act_min": act_min, "act_max": act_max}


def pack_bytes(values) -> list[int]:
    """int8 values as little-endian int32 words, zero-padded to whole words (kernels read them as bytes)."""
    data = bytes(int(v) & 0xFF for v in values)
    data += bytes(-len(data) % 4)
    return [int(w) for w in np.frombuffer(data, dtype="<i4")]


def folded_biases(bias, weights: np.ndarray, channel_axis: int, input_offset: int) -> list[int]:
    """bias + input_offset * sum of the channel's weights, per output channel (int32 wrap)."""
    w = weights.astype(np.int64)
    sums = w.sum(axis=tuple(a for a in range(w.ndim) if a != channel_axis))
    biases = bias_values(bias, len(sums))
    return [wrap32(int(b) + input_offset * int(s)) for b, s in zip(biases, sums)]
