"""Set-up math shared by the mve backend's kernels (Cortex-M55 Helium, firmware/kernels/mve_*.c).

The kernels requantize four channels at a time with VQRDMULH and a corrected VRSHL (firmware/kernels/mg_mve.h),
exact for every multiplier and shift TFLite's QuantizeMultiplier produces with a left shift of at most 30. Each
node's table is computed here: the bias with the input offset folded in (bias + input_offset * the channel's
weight sum, wrapping like the int32 sums on the device), the multiplier and the shifts.
"""

from __future__ import annotations

import numpy as np

from ... import quant
from ._common import all_int8, bias_values, int8_with_int4_weights, wrap32  # noqa: F401 (the mve modules' one import)

BACKEND = "mve"
MAX_LEFT_SHIFT = 30


def pad4(n: int) -> int:
    return (n + 3) // 4 * 4


def shifts_ok(pairs) -> bool:
    return all(-31 <= s <= MAX_LEFT_SHIFT for _, s in pairs)


# Why a claim refuses a node whose shifts_ok is false.
SHIFTS_OUT_OF_RANGE = f"a requantization shift outside -31..{MAX_LEFT_SHIFT}"


def requant_fields(biases, pairs, out, activation: int) -> dict:
    """The requantization table of firmware/kernels/mg_mve.h for per-channel biases (already folded) and
    (multiplier, shift) pairs: per group of four channels (the last one padded with zeros) the biases, the
    multipliers, then one word of the four minus right shifts as int8 and, when some channel shifts left, one of the
    four left shifts."""
    channels = len(pairs)
    fill = pad4(channels) - channels
    bias = [wrap32(b) for b in biases] + [0] * fill
    mult = [m for m, _ in pairs] + [0] * fill
    neg_right = [min(s, 0) for _, s in pairs] + [0] * fill
    left = [max(s, 0) for _, s in pairs] + [0] * fill
    left_shift = any(left)
    table = []
    for g in range(0, len(bias), 4):
        shifts = pack_bytes(neg_right[g : g + 4]) + (pack_bytes(left[g : g + 4]) if left_shift else [])
        table += bias[g : g + 4] + mult[g : g + 4] + shifts
    act_min, act_max = quant.activation_range_int8(activation, out)
    return {
        "table": table,
        "left_shift": int(left_shift),
        "output_offset": quant.zero_point_of(out),
        "act_min": act_min,
        "act_max": act_max,
    }


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
