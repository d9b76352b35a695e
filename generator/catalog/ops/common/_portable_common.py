"""Set-up math shared by the portable backend's kernels (plain C for cores without the DSP extension: Cortex-M0/M0+
and Cortex-M3; firmware/kernels/mg_portable_dot.h).

The kernels multiply bytes biased by 128 (x + 128 staged by the kernel, w + 128 rearranged here), so this module
makes each node's weights, interleaved by groups of four channels, and its channel table: the bias with the input
offset and both biases folded in (wrapping like the int32 sums on the device), the multiplier and the shift."""

from __future__ import annotations

import numpy as np

from ...spec import CExpr, ModelWords
from ._common import all_int8, bias_values, wrap32  # noqa: F401 (the portable modules' one import)
from ._dsp_common import INT32_MAX, INT32_MIN, multiply_by_quantized_multiplier

BACKEND = "portable"
GROUP = 4  # MG_PORTABLE_GROUP: output channels per pass
TAPS_ALIGN = 8  # MG_PORTABLE_TAPS_ALIGN
CHUNK = 768  # MG_PORTABLE_CHUNK: the most values a kernel stages at once
# The scratch a node may add over the reference plan (the staged window).
MAX_SCRATCH = 1024
REQUANT_WORDS = 2  # MG_PORTABLE_REQUANT_WORDS: a channel's multiplier, then its shifts in one word


def padded_taps(taps: int) -> int:
    return (taps + TAPS_ALIGN - 1) // TAPS_ALIGN * TAPS_ALIGN


def interleaved_weights(rows: np.ndarray) -> list[int]:
    """Weight rows [channels][taps] as the kernels read them: per group of four channels, tap by tap, the four
    channels' w + 128 (zero after the last tap and channel), as little-endian int32 words."""
    channels, taps = rows.shape
    groups = -(-channels // GROUP)
    biased = np.zeros((groups * GROUP, padded_taps(taps)), dtype=np.int64)
    biased[:channels, :taps] = rows.astype(np.int64) + 128
    data = biased.reshape(groups, GROUP, -1).transpose(0, 2, 1).astype(np.uint8).tobytes()
    return [int(w) for w in np.frombuffer(data, dtype="<i4")]


def in_model(tensor, words: list[int]) -> ModelWords:
    """The rearranged weights of `tensor`, written over its buffer in the firmware's model when they take its bytes
    and no other node reads it (generator/plan/in_place.py), else a second copy."""
    return ModelWords(tensor, tuple(words))


def channel_fields(folded, bias, pairs) -> dict:
    """The channel table's fields: the folded constants (`folded`, one per channel; written over the bias in the
    model when they fit, since the kernel never reads the bias), and per channel its multiplier and both shifts in
    one word, the left one in bits 0-7 and the right one above (mg_portable_dot.h's MG_PORTABLE_REQUANT_WORDS), or
    one entry for all when every channel has the same (requant_step 0)."""
    folded = [wrap32(int(f)) for f in folded]
    entries = [(m, max(shift, 0) | max(-shift, 0) << 8) for m, shift in pairs]
    shared = len(set(entries)) == 1
    return {
        "folded": in_model(bias, folded) if bias is not None else folded,
        "requant": [v for e in (entries[:1] if shared else entries) for v in e],
        "requant_step": 0 if shared else REQUANT_WORDS,
    }


def channel_table(rows: np.ndarray, bias, input_zero_point: int, pairs) -> dict:
    """Per channel the folded constant C = bias - (128 + zp) * sum(w + 128) + 128 * (128 + zp) * taps (so that the
    kernel's sum of (x + 128)(w + 128) minus 128 times the staged sum is TFLite's sum of (x - zp) * w), and the
    requantization (channel_fields)."""
    channels, taps = rows.shape
    biased_sums = (rows.astype(np.int64) + 128).sum(axis=1)
    z = 128 + input_zero_point
    folded = [int(b) - z * int(s) + 128 * z * taps for b, s in zip(bias_values(bias, channels), biased_sums)]
    return channel_fields(folded, bias, list(pairs))


def thresholds(rows: np.ndarray, biases, zero_point: int, pairs, offset: int, act_min: int, act_max: int):
    """Per channel the first and the last accumulator whose output lies inside the activation's range
    (inside_thresholds) over the accumulators the channel can reach (int8 inputs, `rows` its weights
    [channel][tap], padding taps adding nothing): the kernels output act_min below, act_max above and requantize
    only in between, without a clamp. NULL when a channel's range leaves int32 (the kernels clamp then)."""
    low, high = -128 - zero_point, 127 - zero_point  # x - zp over int8 inputs
    limits = []
    for w, b, (multiplier, shift) in zip(rows.astype(np.int64), biases, pairs):
        lowest = int(b) + int(np.where(w > 0, w * low, w * high).sum())
        highest = int(b) + int(np.where(w > 0, w * high, w * low).sum())
        pair = inside_thresholds(lowest, highest, multiplier, shift, offset, act_min, act_max)
        if pair is None:
            return CExpr("NULL")
        limits.extend(pair)
    return limits


def inside_thresholds(
    lowest: int, highest: int, multiplier: int, shift: int, offset: int, act_min: int, act_max: int
) -> tuple[int, int] | None:
    """For accumulators in [lowest, highest]: the first whose requantized output (offset, clamped) lies above
    act_min and the last below act_max, so that a kernel outputs act_min below the first, act_max above the last
    and in between the requantized value unclamped (the output is monotonic in the accumulator). None where that
    does not hold in int32: the range or its left-shifted ends leave int32 (TFLite's shift would wrap)."""
    left = max(shift, 0)
    if lowest - 1 < INT32_MIN or highest + 1 > INT32_MAX:
        return None
    if (lowest << left) < INT32_MIN or (highest << left) > INT32_MAX:
        return None

    def output(acc: int) -> int:
        return min(max(multiply_by_quantized_multiplier(acc, multiplier, shift) + offset, act_min), act_max)

    def first_where(predicate) -> int:  # the first accumulator in [lowest, highest + 1] where predicate holds
        lo, hi = lowest, highest + 1
        while lo < hi:
            mid = (lo + hi) // 2
            if predicate(mid):
                hi = mid
            else:
                lo = mid + 1
        return lo

    first = first_where(lambda acc: output(acc) > act_min)
    last = first_where(lambda acc: output(acc) >= act_max) - 1
    return first, last
