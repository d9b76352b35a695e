"""firmware/kernels/mg_fixedpoint.h's mg_requantize, the reference int8 kernels' one-rounding requantization, must
equal TFLite's MultiplyByQuantizedMultiplier (SaturatingRoundingDoublingHighMul, then RoundingDivideByPOT) bit for
bit for every accumulator, every shift in [-31, 31] and every multiplier in [0, INT32_MAX]. The expected values
come from TFLite's formula written out here in NumPy (int64), not from the C code; the C function, compiled for
the host, runs on millions of operands: random ones, every accumulator in a window around zero, the
int32 extremes, and multipliers with many trailing zero bits, whose products land on the ties of both roundings."""

from __future__ import annotations

import ctypes
import subprocess

import numpy as np
import pytest

from generator.paths import kernel_include_dirs

STRICT = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", *(f"-I{d}" for d in kernel_include_dirs())]
BATCH_C = r"""
#include <stddef.h>
#include "mg_fixedpoint.h"
void batch(const int32_t *x, const int32_t *m, const int32_t *s, int32_t *out, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        out[i] = mg_requantize(x[i], m[i], s[i]);
    }
}
"""
I32 = np.iinfo(np.int32)


@pytest.fixture(scope="module")
def requantize(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("requantize")
    (tmp / "batch.c").write_text(BATCH_C)
    lib_path = tmp / "librequantize.so"
    built = subprocess.run(
        ["gcc", *STRICT, "-O2", "-shared", "-fPIC", str(tmp / "batch.c"), "-o", str(lib_path)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    lib = ctypes.CDLL(str(lib_path))

    def run(x, m, s):
        x, m, s = (np.ascontiguousarray(v, dtype=np.int32) for v in np.broadcast_arrays(x, m, s))
        out = np.empty_like(x)
        ptr = ctypes.POINTER(ctypes.c_int32)
        lib.batch(*(v.ctypes.data_as(ptr) for v in (x, m, s, out)), ctypes.c_size_t(x.size))
        return out

    return run


def _wrap32(v: np.ndarray) -> np.ndarray:
    return ((v + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


def tflite(x, m, s) -> np.ndarray:
    """TFLite's MultiplyByQuantizedMultiplier, term by term (int64 NumPy; the saturating case x = m = INT32_MIN
    cannot occur for m >= 0)."""
    x, m, s = (np.asarray(v, dtype=np.int64) for v in np.broadcast_arrays(x, m, s))
    left, right = np.maximum(s, 0), np.maximum(-s, 0)
    a = _wrap32(x << left)  # x * (1 << left) in int32
    ab = a * m
    nudge = np.where(ab >= 0, 1 << 30, 1 - (1 << 30))
    total = ab + nudge
    high = np.where(total >= 0, total >> 31, -((-total) >> 31))  # C division by 2^31: toward zero
    mask = (np.int64(1) << right) - 1
    threshold = (mask >> 1) + (high < 0)
    return (high >> right) + ((high & mask) > threshold)


def assert_same(requantize, x, m, s):
    got, want = requantize(x, m, s), tflite(x, m, s)
    bad = np.flatnonzero(got != want)
    if bad.size:
        x, m, s = (np.broadcast_to(v, got.shape).reshape(-1) for v in (x, m, s))
        i = bad[0]
        pytest.fail(f"{bad.size} differ; first x={x[i]} m={m[i]} shift={s[i]}: {got.flat[i]} != {want.flat[i]}")


SHIFTS = np.arange(-31, 32)


@pytest.mark.parametrize("seed", range(2))
def test_random_operands(requantize, seed):
    rng = np.random.default_rng(seed)
    n = 1_000_000
    x = rng.integers(I32.min, I32.max, n, endpoint=True)
    small = rng.integers(-(1 << 20), 1 << 20, n)  # accumulators of typical size
    m = rng.integers(1 << 30, I32.max, n, endpoint=True)  # QuantizeMultiplier's range
    s = rng.integers(-31, 32, n)
    assert_same(requantize, x, m, s)
    assert_same(requantize, small, m, s)
    assert_same(requantize, x, rng.integers(0, I32.max, n, endpoint=True), s)


def test_every_small_accumulator_every_shift(requantize):
    x = np.arange(-(1 << 14), 1 << 14)[:, None]
    for m in (0, 1, 1 << 30, (1 << 30) + 1, 3 << 29, 0x5A5A5A5A, I32.max):
        assert_same(requantize, x, m, SHIFTS[None, :])


def test_ties_of_both_roundings(requantize):
    """Multipliers 2^k * odd make x * m hit every rounding tie of the first step and, with small shifts, of
    the second."""
    rng = np.random.default_rng(7)
    odd = rng.integers(0, 1 << 12, 24) * 2 + 1
    k = rng.integers(18, 30, 24)
    m = np.minimum(odd << k, I32.max)
    m = np.where(m < (1 << 30), m << (30 - k.clip(max=30)).clip(min=0), m).clip(max=I32.max)
    x = np.arange(-(1 << 12), 1 << 12)[:, None, None]
    assert_same(requantize, x, m[None, :, None], SHIFTS[None, None, :])
    powers = np.int64(1) << np.arange(0, 31)  # x = +-2^j: products that are exact powers of two times m
    x = np.concatenate([powers, -powers, powers - 1, -(powers - 1), [I32.min, I32.max]])[:, None, None]
    assert_same(requantize, x, m[None, :, None], SHIFTS[None, None, :])


def test_extremes(requantize):
    x = np.array([I32.min, I32.min + 1, -1, 0, 1, I32.max - 1, I32.max])[:, None, None]
    m = np.array([0, 1, 2, 1 << 30, (1 << 31) - 2, I32.max])[None, :, None]
    assert_same(requantize, x, m, SHIFTS[None, None, :])


def test_reference_formula_is_tflites():
    """The NumPy formula above on hand-worked values (TFLite's rounding: halves up, then halves away from zero)."""
    half = 1 << 30  # m = 2^30: x * m / 2^31 = x / 2
    assert tflite([1, -1, 3, -3], half, 0).tolist() == [1, 0, 2, -1]  # 0.5 -> 1, -0.5 -> 0, 1.5 -> 2, -1.5 -> -1
    assert tflite([5, -5, 6, -6], I32.max, -1).tolist() == [3, -3, 3, -3]  # ~2.5 -> 3, ~-2.5 -> -3 (away)
    assert tflite([3], half, 1).tolist() == [3]  # 3 * 2 / 2
