"""Set-up math shared by the portable backend's kernels (plain C for cores without the DSP extension: Cortex-M0/M0+
and Cortex-M3; firmware/kernels/mg_portable_dot.h).

The kernels multiply bytes biased by 128 (x + 128 staged by the kernel, w + 128 rearranged here), so this module
makes each node's weights, interleaved by groups of four channels, and its channel table: the bias with the input
offset and both biases folded in (wrapping like the int32 sums on the device), the multiplier and the shift."""

from __future__ import annotations

import numpy as np

from ..spec import ModelWords
from ._common import all_int8, bias_values, wrap32  # noqa: F401 (the portable modules' one import)

BACKEND = "portable"
GROUP = 4  # MG_PORTABLE_GROUP: output channels per pass
TAPS_ALIGN = 8  # MG_PORTABLE_TAPS_ALIGN
CHUNK = 768  # MG_PORTABLE_CHUNK: the most values a kernel stages at once
# The scratch a node may add over the reference plan (the staged window).
MAX_SCRATCH = 1024


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


def requant_entry(multiplier: int, shift: int) -> list[int]:
    """A channel's multiplier, left shift and right shift (mg_portable_multiply)."""
    return [multiplier, max(shift, 0), max(-shift, 0)]


def channel_table(rows: np.ndarray, bias, input_zero_point: int, pairs) -> list[int]:
    """Per channel the folded constant C = bias - (128 + zp) * sum(w + 128) + 128 * (128 + zp) * taps (so that the
    kernel's sum of (x + 128)(w + 128) minus 128 times the staged sum is TFLite's sum of (x - zp) * w), then the
    channel's multiplier and shifts (requant_entry)."""
    channels, taps = rows.shape
    biased_sums = (rows.astype(np.int64) + 128).sum(axis=1)
    z = 128 + input_zero_point
    table = []
    for b, s, (multiplier, shift) in zip(bias_values(bias, channels), biased_sums, pairs):
        table += [wrap32(int(b) - z * int(s) + 128 * z * taps), *requant_entry(multiplier, shift)]
    return table
