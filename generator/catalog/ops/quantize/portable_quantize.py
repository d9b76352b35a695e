"""QUANTIZE float32 -> int8 in the portable backend (firmware/kernels/quantize_portable.c, for cores without an FPU
or DSP: Cortex-M0/M0+, Cortex-M3). TFLite Micro divides by the scale in float and rounds half away from zero, a
software division and rounding per element on these cores; the output is a non-decreasing function of the input's
key (its bits as a sign-magnitude integer), so this module finds, with that same float32 division and rounding,
the least key giving each output value, and the kernel walks them from an estimate. Validation, in-place and
overlap rules are the reference QUANTIZE's (same element order)."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import NodeParams, backend_kernel
from ..common import _overlap
from . import quantize

BACKEND = "portable"
SOURCES = ("quantize.h", "quantize_portable.c")
# the keys of -inf and +inf (NaNs lie outside them; they are not inputs the reference defines an output for)
KEY_MIN, KEY_MAX = -0x7F800001, 0x7F800000


def keys_to_floats(keys: np.ndarray) -> np.ndarray:
    """float32 values of int64 keys: a key's bits, the magnitude's bits flipped when negative."""
    k = keys.astype(np.int64)
    bits = np.where(k >= 0, k, k ^ 0x7FFFFFFF) & 0xFFFFFFFF
    return bits.astype(np.uint32).view(np.float32)


def rounded_quotients(x: np.ndarray, scale: np.float32) -> np.ndarray:
    """TFLite's round(x / scale) as float64: the float32 quotient, rounded half away from zero (exact in float64)."""
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        y = (x / scale).astype(np.float64)
    return np.sign(y) * np.floor(np.abs(y) + 0.5)


def thresholds(scale: float, zero_point: int) -> list[int]:
    """[j] for j = 1..255: the least key whose output, clamp(round(x / scale) + zero point), is j - 128 or more;
    [0] and [256] the ends, INT32_MIN and INT32_MAX (the kernels' walks stop there). Bisection over keys for all 255
    at once (the output never decreases with the key)."""
    s = np.float32(scale)
    wanted = np.arange(1, 256, dtype=np.float64) - 128 - zero_point  # round(x / scale) >= wanted
    lo = np.full(255, KEY_MIN, dtype=np.int64)  # invariant: the answer is in [lo, hi]
    hi = np.full(255, KEY_MAX + 1, dtype=np.int64)
    while np.any(lo < hi):
        mid = (lo + hi) // 2
        reached = rounded_quotients(keys_to_floats(np.minimum(mid, KEY_MAX)), s) >= wanted
        hi = np.where(reached & (lo < hi), mid, hi)
        lo = np.where(~reached & (lo < hi), mid + 1, lo)
    found = np.where(lo == KEY_MIN, -(1 << 31), np.minimum(lo, (1 << 31) - 1))  # every key from -inf up
    return [-(1 << 31), *(int(v) for v in found), (1 << 31) - 1]


ESTIMATE_BITS = 15  # the estimate's multiplier lies in [2^15, 2^16): with a 16-bit mantissa, a 32-bit product


def estimate(scale: float) -> tuple[int, int]:
    """(multiplier, shift_base) of the kernel's estimate of |x| / scale (quantize.h): 1 / scale = multiplier *
    2^-k, and |x| = (mantissa >> 8) * 2^(exponent - 142) for a float's 24-bit mantissa and biased exponent."""
    inverse = 1.0 / float(np.float32(scale))
    k = ESTIMATE_BITS - int(np.floor(np.log2(inverse)))
    multiplier = int(np.floor(inverse * 2.0**k))
    if multiplier >= 1 << (ESTIMATE_BITS + 1):  # log2's rounding at a power of two
        multiplier, k = multiplier >> 1, k - 1
    return multiplier, 142 + k


def claims(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    if inp is None or inp.dtype.name != "FLOAT32" or out.dtype.name != "INT8":
        return "not float32 to int8"
    if float(quant.scale_of(out)) <= 0.0:
        return "its output scale is not positive"
    return None


def params(op, inputs, outputs):
    out = outputs[0]
    scale, zero_point = float(quant.scale_of(out)), quant.zero_point_of(out)
    multiplier, shift_base = estimate(scale)
    return NodeParams(
        "mg_quantize_portable_params",
        {
            "count": out.num_elements,
            "thresholds": thresholds(scale, zero_point),
            "multiplier": multiplier,
            "shift_base": shift_base,
            "zero_index": 128 + zero_point,
        },
    )


SPEC = backend_kernel(
    quantize.SPEC,
    BACKEND,
    ("FLOAT32",),
    SOURCES,
    params,
    claims,
    inplace_input=_overlap.in_place_no_wider,
    overlap=_overlap.element_order,
)
