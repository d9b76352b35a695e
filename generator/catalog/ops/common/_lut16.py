"""TFLite's 513-entry int16 lookup tables (common.h: LUTPopulate<int16_t> with float math, and LUTLookup's
interpolation, firmware/kernels/mg_lut16.h), computed on the host with the same float32 steps. The transforms call
the C library's expf, as TFLite's lambdas do (std::exp of a float)."""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable
from functools import cache

import numpy as np

from ... import quant

F32 = np.float32
INT16_MIN, INT16_MAX = -32768, 32767
STEPS = 512


@cache
def _expf() -> Callable:
    libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    libm.expf.restype, libm.expf.argtypes = ctypes.c_float, [ctypes.c_float]
    return libm.expf


def expf(x: np.float32) -> np.float32:
    return F32(_expf()(float(x)))


def one_over_one_plus_x(x: np.float32) -> np.float32:
    return F32(1.0) / (F32(1.0) + x)


def _round(x: np.float32) -> np.float32:
    """TfLiteRound of a float: roundf, halves away from zero (exact: a float32 plus 0.5 in double)."""
    return F32(quant.round_half_away(float(x)))


def populate(input_scale, input_zero_point: int, output_scale, output_zero_point: int, transform) -> list[int]:
    """LUTPopulateInt16<float>: 512 samples of transform over the input range, each nudged by half the error of
    the interpolated midpoint, and the last value."""
    with np.errstate(over="ignore", invalid="ignore"):
        input_scale, output_scale = F32(input_scale), F32(output_scale)
        input_min = input_scale * F32(INT16_MIN - input_zero_point)
        input_max = input_scale * F32(INT16_MAX - input_zero_point)
        output_min = output_scale * F32(INT16_MIN - output_zero_point)
        output_max = output_scale * F32(INT16_MAX - output_zero_point)
        step = (input_max - input_min) / F32(STEPS)
        half_step = step / F32(2)
        scaling = F32(INT16_MAX - INT16_MIN + 1) / (output_max - output_min)
        lut = []
        for i in range(STEPS):
            start = input_min + F32(i) * step
            value = transform(start)
            midpoint = transform(start + half_step)
            following = transform(input_min + F32(i + 1) * step)
            sample = _round(value * scaling)
            interpolated = _round((following * scaling + _round(value * scaling)) / F32(2))
            bias = _round((interpolated - _round(midpoint * scaling)) / F32(2))
            lut.append(int(min(max(sample - bias, F32(INT16_MIN)), F32(INT16_MAX))))
        last = _round(transform(input_max) * scaling)
        lut.append(int(min(max(last, F32(INT16_MIN)), F32(INT16_MAX))))
    return lut


@cache
def softmax_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """SOFTMAX's int16 tables (softmax_common.cc): exp over [-10, 0] and 1 / (1 + x) over [0, 1], both with
    output scale 2 / 65535."""
    span = INT16_MAX - INT16_MIN
    exp_lut = populate(F32(10.0) / F32(span), INT16_MAX, F32(2.0) / F32(span), 0, expf)
    reciprocal_lut = populate(F32(1.0) / F32(span), INT16_MIN, F32(2.0) / F32(span), 0, one_over_one_plus_x)
    return tuple(exp_lut), tuple(reciprocal_lut)
