"""The portable backend's requantization (firmware/kernels/mg_portable_dot.h) against TFLite's as mg_fixedpoint.h
writes it (the reference kernels'), compiled for the host: the 32-bit high multiply ARMv6-M runs (four 16-bit
products) against SaturatingRoundingDoublingHighMul, and the whole MultiplyByQuantizedMultiplier with 32-bit shifts,
over millions of random values and the edges (INT32_MIN and MAX, zero, multipliers 0, 2^30 and 2^31 - 1, every
shift from a left shift of 30 to a right shift of 31); the generator's exact requantization and its thresholds
(_portable_common.inside_thresholds, for the portable kernels) against the same. The kernels' tests run it in
QEMU on the Cortex-M0+ code."""

from __future__ import annotations

import ctypes
import subprocess

import numpy as np
import pytest

from generator.catalog.ops.common import _dsp_common, _portable_common
from generator.paths import kernel_include_dirs

BATCH_C = r"""
#include <stddef.h>
#include "mg_portable_dot.h"
void batch(const int32_t *x, const int32_t *m, const int32_t *s, int32_t *mine, int32_t *theirs, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        if (s[i] == 99) { /* the high multiply alone */
            mine[i] = mg_portable_high_mul(x[i], m[i]);
            theirs[i] = mg_sat_rounding_doubling_high_mul(x[i], m[i]);
        } else if (s[i] >= 400) { /* the multiply for results known inside (-256, 256), shift s - 500 */
            const int32_t shift = s[i] - 500;
            mine[i] = mg_portable_multiply_inside(x[i], m[i], shift > 0 ? shift : 0, shift > 0 ? 0 : -shift);
            theirs[i] = mg_multiply_by_quantized_multiplier(x[i], m[i], shift);
        } else if (s[i] >= 100) { /* the narrow multiply, shift s - 200 */
            const int32_t shift = s[i] - 200;
            mine[i] = mg_portable_multiply_narrow(x[i], m[i], shift > 0 ? shift : 0, shift > 0 ? 0 : -shift);
            theirs[i] = mg_multiply_by_quantized_multiplier(x[i], m[i], shift);
        } else {
            mine[i] = mg_portable_multiply(x[i], m[i], s[i] > 0 ? s[i] : 0, s[i] > 0 ? 0 : -s[i]);
            theirs[i] = mg_multiply_by_quantized_multiplier(x[i], m[i], s[i]);
        }
    }
}
"""

HIGH_MUL_ONLY = 99
NARROW = 200  # shift + NARROW: the narrow multiply
INSIDE = 500  # shift + INSIDE: the multiply for results inside (-256, 256)


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("portable-requant")
    (tmp / "batch.c").write_text(BATCH_C)
    lib = tmp / "libbatch.so"
    # -fwrapv: the left shift's int32 product wraps in the reference formula, as on the device
    flags = [
        "-std=c99",
        "-O2",
        "-fwrapv",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-shared",
        "-fPIC",
        *(f"-I{d}" for d in kernel_include_dirs()),
    ]
    subprocess.run(["gcc", *flags, str(tmp / "batch.c"), "-o", str(lib)], check=True)
    fn = ctypes.CDLL(str(lib)).batch
    fn.restype = None

    def run(x, m, s):
        x, m, s = (np.ascontiguousarray(v, dtype=np.int32) for v in (x, m, s))
        mine, theirs = np.empty_like(x), np.empty_like(x)
        args = [v.ctypes.data_as(ctypes.c_void_p) for v in (x, m, s, mine, theirs)]
        fn(*args, ctypes.c_size_t(len(x)))
        return mine, theirs

    return run


def edge_values() -> np.ndarray:
    around = [0, 1, 2, 3, (1 << 15), (1 << 16), (1 << 30), (1 << 31) - 1]
    values = {v + d for v in around for d in (-2, -1, 0, 1, 2)} | {-(1 << 31), -(1 << 31) + 1}
    return np.array(sorted(v for v in values if -(1 << 31) <= v < (1 << 31)), dtype=np.int64)


def test_high_multiply_matches_everywhere(batch):
    rng = np.random.default_rng(1)
    n = 2_000_000
    x = rng.integers(-(1 << 31), 1 << 31, n)
    x[: n // 4] >>= rng.integers(0, 31, n // 4)  # small magnitudes too
    m = rng.integers(0, 1 << 31, n)
    edges = edge_values()
    ex, em = np.meshgrid(edges, edges[edges >= 0])
    x, m = np.concatenate([x, ex.ravel()]), np.concatenate([m, em.ravel()])
    mine, theirs = batch(x, m, np.full(len(x), HIGH_MUL_ONLY))
    bad = np.flatnonzero(mine != theirs)
    assert bad.size == 0, f"x={x[bad[:4]]} m={m[bad[:4]]}: {mine[bad[:4]]} vs {theirs[bad[:4]]}"


def test_multiply_by_quantized_multiplier_matches_at_every_shift(batch):
    rng = np.random.default_rng(2)
    n = 2_000_000
    shift = rng.integers(-31, 31, n)
    x = rng.integers(-(1 << 31), 1 << 31, n)
    x = np.where(shift > 0, x >> np.maximum(shift, 0), x)  # left-shifted sums as models give them
    x[: n // 4] >>= rng.integers(0, 31, n // 4)
    m = np.where(rng.integers(0, 8, n) == 0, 0, rng.integers(1 << 30, 1 << 31, n))
    edges = edge_values()
    es = np.arange(-31, 1)
    ex, es2 = np.meshgrid(edges, es)
    x = np.concatenate([x, ex.ravel(), ex.ravel()])
    shift = np.concatenate([shift, es2.ravel(), es2.ravel()])
    m = np.concatenate([m, np.full(ex.size, 1 << 30), np.full(ex.size, (1 << 31) - 1)])
    mine, theirs = batch(x, m, shift)
    bad = np.flatnonzero(mine != theirs)
    assert bad.size == 0, f"x={x[bad[:4]]} m={m[bad[:4]]} s={shift[bad[:4]]}: {mine[bad[:4]]} vs {theirs[bad[:4]]}"


def narrow_draws(seed: int, n: int):
    """Sums, multipliers and shifts around the outputs' range (|x * m / 2^(31 - shift)| up to a few hundred), a
    quarter anywhere in int32, and the edges."""
    rng = np.random.default_rng(seed)
    shift = rng.integers(-31, 31, n)
    shift[: n // 2] = rng.integers(-12, 1, n // 2)  # the narrow path's shifts, densely
    m = np.where(rng.integers(0, 16, n) == 0, 0, rng.integers(1 << 30, 1 << 31, n))
    near = np.clip(rng.uniform(-600, 600, n) * np.exp2(31.0 - shift) / np.maximum(m, 1), -(2.0**31), 2.0**31 - 1)
    x = np.where(rng.integers(0, 4, n) == 0, rng.integers(-(1 << 31), 1 << 31, n), near.astype(np.int64))
    x = np.where(shift > 0, x >> np.maximum(shift, 0), x)
    edges = edge_values()
    ex, es = np.meshgrid(edges, np.arange(-31, 1))
    x = np.concatenate([x, ex.ravel(), ex.ravel()])
    shift = np.concatenate([shift, es.ravel(), es.ravel()])
    m = np.concatenate([m, np.full(ex.size, 1 << 30), np.full(ex.size, (1 << 31) - 1)])
    return x, m, shift


def test_narrow_multiply_matches_within_256(batch):
    """ARMv6-M's narrow multiply equals TFLite's wherever that lies in (-256, 256), and is at least 256 with the same
    sign elsewhere: both clamped to [-256, 256] agree, at every shift (right shifts past 11 take the exact one)."""
    n = 3_000_000
    x, m, shift = narrow_draws(3, n)
    mine, theirs = batch(x, m, shift + NARROW)
    assert np.count_nonzero(np.abs(theirs) < 256) > n // 2  # most draws land where the result is exact
    mine, theirs = np.clip(mine, -256, 256), np.clip(theirs, -256, 256)
    bad = np.flatnonzero(mine != theirs)
    assert bad.size == 0, f"x={x[bad[:4]]} m={m[bad[:4]]} s={shift[bad[:4]]}: {mine[bad[:4]]} vs {theirs[bad[:4]]}"


def test_inside_multiply_matches_where_the_result_is_inside(batch):
    """The narrow multiply without its clamps (the DEPTHWISE_CONV_2D rows after the generator's thresholds) equals
    TFLite's wherever that lies in (-256, 256)."""
    x, m, shift = narrow_draws(4, 3_000_000)
    mine, theirs = batch(x, m, shift + INSIDE)
    inside = np.abs(theirs) < 256
    assert np.count_nonzero(inside) > len(x) // 2
    bad = np.flatnonzero(inside & (mine != theirs))
    assert bad.size == 0, f"x={x[bad[:4]]} m={m[bad[:4]]} s={shift[bad[:4]]}: {mine[bad[:4]]} vs {theirs[bad[:4]]}"


def test_the_generators_requantization_is_tflites(batch):
    """_dsp_common.multiply_by_quantized_multiplier (the generator's, for the thresholds) against mg_fixedpoint.h's."""
    x, m, shift = narrow_draws(5, 100_000)
    _, theirs = batch(x, m, shift)
    mine = [_dsp_common.multiply_by_quantized_multiplier(int(a), int(b), int(c)) for a, b, c in zip(x, m, shift)]
    bad = np.flatnonzero(np.array(mine) != theirs)
    assert bad.size == 0, f"x={x[bad[:4]]} m={m[bad[:4]]} s={shift[bad[:4]]}"


def test_inside_thresholds_split_the_range_where_the_outputs_do():
    """_portable_common.inside_thresholds against every accumulator of small ranges: act_min below the first,
    act_max above the last, and in between the requantized value strictly inside (act_min, act_max) unclamped."""
    rng = np.random.default_rng(6)
    for _ in range(300):
        shift = int(rng.integers(-12, 2))
        m = int(rng.integers(1 << 30, 1 << 31))
        scale = m / 2.0 ** (31 - shift)
        offset = int(rng.integers(-128, 128))
        act_min, act_max = sorted(int(v) for v in rng.integers(-128, 128, 2))
        span = int(rng.uniform(10, 400) / scale)
        lowest = int(rng.integers(-span, span // 2 + 1))
        highest = lowest + int(rng.integers(0, span))
        first, last = _portable_common.inside_thresholds(lowest, highest, m, shift, offset, act_min, act_max)
        for acc in range(lowest, highest + 1):
            q = _dsp_common.multiply_by_quantized_multiplier(acc, m, shift) + offset
            clamped = min(max(q, act_min), act_max)
            if acc < first:
                assert clamped == act_min, (acc, first)
            elif acc > last:
                assert clamped == act_max, (acc, last)
            else:
                assert act_min < q < act_max, (acc, first, last, q)
    assert _portable_common.inside_thresholds(-(1 << 31), 0, 1 << 30, 0, 0, -128, 127) is None  # no room below in int32
    assert _portable_common.inside_thresholds(0, 1 << 29, 1 << 30, 3, 0, -128, 127) is None  # the left shift would wrap
