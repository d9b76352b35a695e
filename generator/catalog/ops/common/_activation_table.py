"""int8 LOGISTIC and TANH as a 256-entry table (the dsp and mve backends' logistic_tanh_s8_*.c): with the node's
quantization fixed, each output is a pure function of its input byte, so the generator computes every entry with
the reference kernel's integer steps (logistic_s8.c and tanh_s8.c on mg_fixedpoint_exp.h, TFLite Micro's
reference_integer_ops::Logistic and ::Tanh on gemmlowp's fixed-point curves), here in Python on exact integers
with the device's int32 wrapping, and the kernel only looks its inputs up."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, backend_kernel
from . import _elementwise, _overlap
from . import _fixedpoint as fx
from ._common import c_div, wrap32

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1
ONE_Q0 = INT32_MAX  # gemmlowp's 1.0 in Q0 (not representable): the largest raw
ONE_Q2 = 1 << 29
EXP_MULTIPLIERS = (1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242)  # exp(-2^k), k = -2 .. 4


def _mul(a: int, b: int) -> int:
    """SaturatingRoundingDoublingHighMul (mg_sat_rounding_doubling_high_mul)."""
    if a == b == INT32_MIN:
        return INT32_MAX
    ab = a * b
    return c_div(ab + ((1 << 30) if ab >= 0 else 1 - (1 << 30)), 1 << 31)


def _divide_by_pot(x: int, exponent: int) -> int:
    """RoundingDivideByPOT (mg_rounding_divide_by_pot)."""
    mask = (1 << exponent) - 1
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> exponent) + (1 if (x & mask) > threshold else 0)


def _mul_pot(x: int, exponent: int) -> int:
    """x * 2^exponent, saturating up, rounding down (mg_fxp_mul_pot)."""
    if exponent <= 0:
        return _divide_by_pot(x, -exponent)
    threshold = (1 << (31 - exponent)) - 1
    return INT32_MAX if x > threshold else INT32_MIN if x < -threshold else wrap32(x << exponent)


def _half_sum(a: int, b: int) -> int:
    s = a + b
    return c_div(s + (1 if s >= 0 else -1), 2)


def _exp_near_zero(a: int) -> int:
    """exp(a) for Q0 a in [-1/4, 0): the Taylor expansion around -1/8 (mg_fxp_exp_on_interval_neg_quarter_to_0)."""
    constant_term, one_third = 1895147668, 715827883
    x = wrap32(a + (1 << 28))
    x2 = _mul(x, x)
    x3, x4 = _mul(x2, x), _mul(x2, x2)
    poly = _mul_pot(wrap32(_mul(wrap32(_mul_pot(x4, -2) + x3), one_third) + x2), -1)
    return wrap32(constant_term + _mul(constant_term, wrap32(x + poly)))


def _exp_on_negative_values(a: int, integer_bits: int) -> int:
    fractional_bits = 31 - integer_bits
    one_quarter = 1 << (fractional_bits - 2)
    a_mod = wrap32((a & (one_quarter - 1)) - one_quarter)
    result = _exp_near_zero(_mul_pot(a_mod, integer_bits))
    remainder = wrap32(a_mod - a)
    for exponent in range(-2, 5):
        if integer_bits > exponent and remainder & (1 << (fractional_bits + exponent)):
            result = _mul(result, EXP_MULTIPLIERS[exponent + 2])
    if integer_bits > 5 and a < -(1 << (36 - integer_bits)):
        result = 0
    return ONE_Q0 if a == 0 else result


def _reciprocal_iterations(a: int) -> int:
    half_denominator = _half_sum(a, ONE_Q0)
    x = wrap32(1515870810 + _mul(half_denominator, -1010580540))
    for _ in range(3):
        x = wrap32(x + _mul_pot(_mul(x, wrap32(ONE_Q2 - _mul(half_denominator, x))), 2))
    return x


def _logistic(a: int, integer_bits: int) -> int:
    """mg_fxp_logistic: Q0 logistic of a Q(integer_bits) value."""
    if a == 0:
        return 1 << 30
    if_positive = _mul_pot(_reciprocal_iterations(_exp_on_negative_values(-abs(a), integer_bits)), 1)
    return if_positive if a > 0 else wrap32(ONE_Q0 - if_positive)


def _tanh(a: int, integer_bits: int) -> int:
    """mg_fxp_tanh: Q0 tanh of a Q(integer_bits) value."""
    if a == 0:
        return 0
    n = a if a < 0 else wrap32(-a)
    t = _mul_pot(wrap32(_reciprocal_iterations(_exp_on_negative_values(n, integer_bits + 1)) - ONE_Q2), 2)
    return wrap32(-t) if a < 0 else t


def _output(op: str, y_q0: int) -> int:
    """logistic_s8.c's Q0.8 offset by -128, tanh_s8.c's Q0.7, both clamped to int8."""
    value = _divide_by_pot(y_q0, 23) - 128 if op == "LOGISTIC" else _divide_by_pot(y_q0, 24)
    return max(-128, min(127, value))


def table(op: str, inp) -> list[int]:
    """The outputs for the input bytes 0 .. 255 (int8 value v at (uint8)v), as mg_activation_input_q4 then the
    op's curve compute them."""
    multiplier, left_shift, radius = fx.activation_input_scaling(float(quant.scale_of(inp)))
    zero_point, curve = quant.zero_point_of(inp), _logistic if op == "LOGISTIC" else _tanh
    entries = [0] * 256
    for v in range(-128, 128):
        x = v - zero_point
        if x <= -radius:
            entries[v & 0xFF] = -128
        elif x >= radius:
            entries[v & 0xFF] = 127
        else:
            q4 = _mul(wrap32(x << left_shift), multiplier)  # the left shift is never negative (validate)
            entries[v & 0xFF] = _output(op, curve(q4, fx.ACTIVATION_INPUT_INTEGER_BITS))
    return entries


def packed(entries: list[int]) -> list[int]:
    """The bytes four to an int32 word, the first in the low byte (the kernels read the words as bytes on a
    little-endian core)."""
    return [wrap32(sum((entries[4 * k + i] & 0xFF) << (8 * i) for i in range(4))) for k in range(len(entries) // 4)]


def kernel(op: str, module, backend: str) -> KernelSpec:
    """A backend's int8 entry for LOGISTIC or TANH (`module` the op's catalog module): the op's checks and
    parameters plus the packed table; registers as mg_register_logistic_tanh_s8_<backend>."""

    def params(op_, inputs, outputs):
        p = module.params(op_, inputs, outputs)
        p.fields.update(backend_table=packed(table(op, inputs[0])))
        return p

    def claims(op_, inputs, outputs):
        return None if inputs[0].dtype.name == "INT8" and outputs[0].dtype.name == "INT8" else "not int8"

    base = module.SPEC
    return backend_kernel(
        base,
        backend,
        ("INT8",),
        (base.sources[0], "logistic.h", *_elementwise.SOURCES, "mg_fixedpoint.h", f"logistic_tanh_s8_{backend}.c"),
        params,
        claims,
        registration=f"mg_register_logistic_tanh_s8_{backend}",
        inplace_input=_overlap.in_place_same_type,
    )
