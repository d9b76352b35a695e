"""Set-up math shared by the dsp backend's kernels (Cortex-M4/M7/M33 DSP extension).

The dsp kernels requantize in four instructions (firmware/kernels/mg_dsp_requant.h), exact only when the
generator has proved ahead of time that nothing overflows: each node's accumulator bound is computed here from
its constant weights and bias, and a node whose numbers do not fit is not claimed (the reference kernel takes
it). The per-channel table (bias, multiplier, rounding offset, shift) is computed here too.
"""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import CExpr, ModelWords
from ._common import all_int8, bias_values, c_div, int8_with_int4_weights, wrap32  # noqa: F401 (the dsp modules' one import)
from ._conv_common import channel_pairs
from ._mve_common import pack_bytes

BACKEND = "dsp"
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1
# Why a claim refuses a node whose channel_table is None, and one that int8_node refuses.
INEXACT_REQUANT = "the fast requantization is not exact for it (a scale ratio of 0.5 or more, or sums of 2^30 or more)"
NOT_INT8_CONSTANT = "not int8 (or int4 weights) with constant weights"
INEXACT_16X8 = "its int32 sums could overflow (sum of |weights| times 32,768 plus |bias|, or a bias not constant)"


def int8_node(inputs, outputs, int4: bool = False):
    """(input, weights, bias or None, output) of a weighted node whose channel table may exist: int8 with constant
    weights (or, with `int4`, constant int4 weights); None for any other."""
    inp, weights = inputs[0], inputs[1]
    bias = inputs[2] if len(inputs) > 2 else None
    out = outputs[0]
    if int4 and int8_with_int4_weights(inp, weights, out):
        return inp, weights, bias, out
    if not all_int8(inp, weights, out) or weights.data is None:
        return None
    return inp, weights, bias, out


def max_input_magnitude(input_offset: int) -> int:
    """The largest |x + input_offset| over int8 x."""
    return max(abs(-128 + input_offset), abs(127 + input_offset))


def channel_table(
    biases, pairs, bounds, output_zero_point: int, act_range: tuple[int, int], doubled_bias: bool = False, constant=None
) -> list[int] | None:
    """The flattened dsp_channel table (bias, multiplier, offset, shift per channel), or None when the fast
    requantization is not exact for some channel: a shift that is not a right shift of at least 1, an
    accumulator bound of 2^30 or more (twice it must fit int32), or a rounding sum that could overflow.
    `bounds` are per-channel bounds on |accumulator| (every partial sum included).

    Channels flagged in `constant` have all-zero weights (pruned channels; their bias is often huge): their
    accumulator is the bias, so their output is computed here, as TFLite does, and the entry gives it back
    from a zero accumulator: SMMLAR(0, m, 2 * out) >> 1 = out."""
    table = []
    for i, (bias, (multiplier, shift), bound) in enumerate(zip(biases, pairs, bounds)):
        bias, bound = int(bias), int(bound)
        if constant is not None and constant[i]:
            value = multiply_by_quantized_multiplier(bias, multiplier, shift) + output_zero_point
            table += [0, 1 << 30, 2 * min(max(value, act_range[0]), act_range[1]), 1]
            continue
        if multiplier < (1 << 30) or shift > -1 or bound >= (1 << 30):
            return None
        e = -shift
        offset = (1 << (e - 1)) + output_zero_point * (1 << e)
        # t = SMMULR(2 acc, m) lies in [-(bound + 1), bound + 1]; t + (t >> 31) + offset must fit int32
        if (
            not (INT32_MIN <= -(bound + 2) + offset and bound + 1 + offset <= INT32_MAX)
            or not INT32_MIN <= offset <= INT32_MAX
        ):
            return None
        table += [2 * bias if doubled_bias else bias, multiplier, offset, e]
    return table


def fast_requant_entry(multiplier: int, shift: int, bound: int, zero_point: int) -> tuple[list[int], bool] | None:
    """One requantization as mg_dsp_requant.h's dsp_requant_entry takes it, (multiplier, offset, left, right,
    round), and whether that fast form is exact for every sum up to `bound` (else a kernel checks each sum); None
    when the fast form is never usable (a shift beyond 30, or a rounding sum that could overflow int32).

    A right shift e: mg_dsp_requant.h's three instructions (left 1, round -1, offset 2^(e-1) + zero point * 2^e),
    exact while twice the sum fits int32 (the sums the kernel's check lets through reach 2^30) and the rounding sum
    t + (sign) + offset fits (|t| <= |sum| + 1). A left shift s (a scale ratio of 0.5 or more): SMMULR of the sum
    shifted left by s + 1, plus the zero point (left s + 1, round 0, offset the zero point, no right shift), which is
    TFLite's rounding doubling high multiply of the sum shifted left by s while that doubled product fits int32."""
    if multiplier < 0 or not -30 <= shift <= 30:
        return None
    if shift >= 0:
        return [multiplier, zero_point, shift + 1, 0, 0], bound << (shift + 1) < (1 << 31)
    e = -shift
    offset = (1 << (e - 1)) + zero_point * (1 << e)
    reach = min(bound, 1 << 30)  # the largest |sum| the fast form sees
    if not (INT32_MIN <= -(reach + 2) + offset and reach + 1 + offset <= INT32_MAX):
        return None
    return [multiplier, offset, 1, e, -1], 2 * bound < (1 << 31)


def conv_channel_table(op, inp, weights, bias, out, channel_axis: int) -> list[int] | None:
    """channel_table for a CONV_2D or DEPTHWISE_CONV_2D node (the family's multipliers, _conv_common.channel_pairs;
    doubled biases, as the dsp convolutions' doubled accumulators want), or None."""
    channels = weights.shape[channel_axis]
    w = weights.array()
    input_offset = -quant.zero_point_of(inp)
    biases = bias_values(bias, channels)
    bounds = weight_bounds(w, channel_axis, biases, input_offset)
    act = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    return channel_table(
        biases,
        channel_pairs(inp, weights, out, channels),
        bounds,
        quant.zero_point_of(out),
        act,
        doubled_bias=True,
        constant=zero_rows(w, channel_axis),
    )


def zero_rows(weights: np.ndarray, axis_out: int) -> np.ndarray:
    """Per output channel: are all its weights zero?"""
    w = np.abs(weights.astype(np.int64))
    return w.sum(axis=tuple(a for a in range(w.ndim) if a != axis_out)) == 0


def weight_bounds(weights: np.ndarray, axis_out: int, biases: np.ndarray, input_offset: int) -> np.ndarray:
    """Per output channel: |bias| + sum |w| * max |x + input_offset|."""
    w = np.abs(weights.astype(np.int64))
    sums = w.sum(axis=tuple(a for a in range(w.ndim) if a != axis_out))
    return np.abs(biases) + sums * max_input_magnitude(input_offset)


# ---- TFLite's fixed-point steps on Python ints (for tables the kernels look up) ----


def saturating_rounding_doubling_high_mul(a: int, b: int) -> int:
    if a == b == INT32_MIN:
        return INT32_MAX
    ab = a * b
    nudge = (1 << 30) if ab >= 0 else 1 - (1 << 30)
    return int(c_div(ab + nudge, 1 << 31))


def rounding_divide_by_pot(x: int, exponent: int) -> int:
    mask = (1 << exponent) - 1
    remainder = x & mask
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> exponent) + (1 if remainder > threshold else 0)


def multiply_by_quantized_multiplier(x: int, multiplier: int, shift: int) -> int:
    left, right = max(shift, 0), max(-shift, 0)
    return rounding_divide_by_pot(saturating_rounding_doubling_high_mul(wrap32(x * (1 << left)), multiplier), right)


def sums_fit_int32_16x8(weights, bias, channel_axis: int = 0) -> bool:
    """The 16x8 kernels' int32 sums are exact: for every output channel (the weights' `channel_axis`) the sum of
    |weights| times the largest |int16| plus |bias| fits int32 (a bias that is not constant never does)."""
    if weights.data is None or (bias is not None and bias.data is None):
        return False
    channels = weights.shape[channel_axis]
    w = np.moveaxis(np.abs(weights.array().astype(np.int64)), channel_axis, 0)
    sums = w.reshape(channels, -1).sum(axis=1)
    bounds = sums * 32768 + np.abs(bias_values(bias, channels))
    return int(bounds.max(initial=0)) <= INT32_MAX


def rows_in_blocks(weights) -> ModelWords | CExpr:
    """The int8 weight rows as mg_dsp_four_rows_interleaved reads them (mg_dsp_mac.h; the dsp FULLY_CONNECTED and the
    int8 LSTM without widened weights): each block of four rows' first depth & ~7 values in row pairs (rows 0-1,
    then 2-3), per four inputs k..k+3 two words a pair, (a_k, b_k, a_k+2, b_k+2) and (a_k+1, b_k+1, a_k+3, b_k+3),
    every a with its top bit flipped (a + 128 as an unsigned byte, so that a word's halves are a + 128 + 256 b as
    int16), then the four rows' last values one row after another as they are; rows past the last block as they
    are. The tensor's bytes rearranged (written over them, plan/in_place.py); NULL where it would be the rows as they
    are (no whole block of eight inputs) and for int4 weights."""
    if weights.dtype.name != "INT8":
        return CExpr("NULL")
    rows = weights.array().reshape(weights.shape[0], -1).astype(np.int64)
    outputs, depth = rows.shape
    k8, blocked = depth & ~7, outputs & ~3
    if not k8 or not blocked:
        return CExpr("NULL")
    blocks = rows[:blocked].reshape(-1, 4, depth)
    # (block, pair, row in pair, quad, h, s): tap 4 quad + 2 h + s; word s of a pair holds taps s and s + 2
    head = blocks[:, :, :k8].reshape(len(blocks), 2, 2, k8 // 4, 2, 2).copy()
    head[:, :, 0] += 128
    words = head.transpose(0, 3, 1, 5, 4, 2).reshape(len(blocks), -1)
    tails = blocks[:, :, k8:].reshape(len(blocks), -1)
    laid = np.concatenate([np.concatenate([words, tails], axis=1).reshape(-1), rows[blocked:].reshape(-1)])
    return ModelWords(weights, tuple(pack_bytes(laid)), nbytes=laid.size)
