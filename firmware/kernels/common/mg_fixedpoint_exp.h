/* gemmlowp-style fixed-point transcendental functions on int32 raw values, step for step as gemmlowp's
 * fixedpoint.h computes them for TFLite Micro's SOFTMAX, LOGISTIC and TANH reference kernels.
 *
 * A value "Qk" has k integer bits and 31 - k fractional bits: raw / 2^(31 - k). Products of Qa and Qb are Q(a+b)
 * (a saturating rounding doubling high multiply of the raws). gemmlowp's plain adds and negations may wrap; here
 * they wrap explicitly (unsigned arithmetic), which is what the reference build does in practice. */
#ifndef MG_FIXEDPOINT_EXP_H
#define MG_FIXEDPOINT_EXP_H

#include <stdint.h>

#include "mg_fixedpoint.h"

static inline int32_t mg_fxp_add(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a + (uint32_t)b);
}

static inline int32_t mg_fxp_sub(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a - (uint32_t)b);
}

static inline int32_t mg_fxp_neg(int32_t a)
{
    return (int32_t)(0u - (uint32_t)a);
}

/* Fixed-point product: the raw result has the sum of the operands' integer bits. */
static inline int32_t mg_fxp_mul(int32_t a, int32_t b)
{
    return mg_sat_rounding_doubling_high_mul(a, b);
}

/* x * 2^exponent, saturating for exponent > 0, rounding to nearest for exponent < 0. */
static inline int32_t mg_fxp_mul_pot(int32_t x, int exponent)
{
    if (exponent == 0) {
        return x;
    }
    if (exponent < 0) {
        return mg_rounding_divide_by_pot(x, -exponent);
    }
    int32_t threshold = (int32_t)((1u << (31 - exponent)) - 1u);
    if (x > threshold) {
        return INT32_MAX;
    }
    if (x < -threshold) {
        return INT32_MIN;
    }
    return (int32_t)((uint32_t)x << exponent);
}

/* A raw value re-expressed from src_bits to dst_bits integer bits (gemmlowp's Rescale). */
static inline int32_t mg_fxp_rescale(int32_t x, int src_bits, int dst_bits)
{
    return mg_fxp_mul_pot(x, src_bits - dst_bits);
}

static inline int32_t mg_fxp_rounding_half_sum(int32_t a, int32_t b)
{
    int64_t sum = (int64_t)a + (int64_t)b;
    int64_t sign = sum >= 0 ? 1 : -1;
    return (int32_t)((sum + sign) / 2);
}

#define MG_FXP_ONE_Q0 INT32_MAX /* 1.0 is not representable in Q0: gemmlowp uses the largest raw */
#define MG_FXP_ONE_Q2 (1 << 29)

/* exp(a) for a Q0 value in [-1/4, 0): a fourth-order Taylor expansion around -1/8. */
static inline int32_t mg_fxp_exp_on_interval_neg_quarter_to_0(int32_t a)
{
    const int32_t constant_term = 1895147668;    /* exp(-1/8) */
    const int32_t constant_1_over_3 = 715827883; /* 1/3 */
    int32_t x = mg_fxp_add(a, 1 << 28);          /* a + 1/8 */
    int32_t x2 = mg_fxp_mul(x, x);
    int32_t x3 = mg_fxp_mul(x2, x);
    int32_t x4 = mg_fxp_mul(x2, x2);
    int32_t x4_over_4 = mg_fxp_mul_pot(x4, -2);
    int32_t poly = mg_fxp_mul_pot(mg_fxp_add(mg_fxp_mul(mg_fxp_add(x4_over_4, x3), constant_1_over_3), x2), -1);
    return mg_fxp_add(constant_term, mg_fxp_mul(constant_term, mg_fxp_add(x, poly)));
}

/* exp(a) as Q0 for a Q(integer_bits) value a <= 0 (gemmlowp's exp_on_negative_values). */
static inline int32_t mg_fxp_exp_on_negative_values(int32_t a, int integer_bits)
{
    static const int32_t multipliers[7] = {
        1672461947, /* exp(-1/4) */
        1302514674, /* exp(-1/2) */
        790015084,  /* exp(-1) */
        290630308,  /* exp(-2) */
        39332535,   /* exp(-4) */
        720401,     /* exp(-8) */
        242,        /* exp(-16) */
    };
    const int fractional_bits = 31 - integer_bits;
    const int32_t one_quarter = (int32_t)1 << (fractional_bits - 2);
    const int32_t mask = one_quarter - 1;
    int32_t a_mod_quarter_minus_one_quarter = mg_fxp_sub(a & mask, one_quarter);
    int32_t result =
        mg_fxp_exp_on_interval_neg_quarter_to_0(mg_fxp_rescale(a_mod_quarter_minus_one_quarter, integer_bits, 0));
    int32_t remainder = mg_fxp_sub(a_mod_quarter_minus_one_quarter, a);
    for (int exponent = -2; exponent <= 4; ++exponent) {
        if (integer_bits > exponent) {
            int shift = fractional_bits + exponent;
            if (remainder & ((int32_t)1 << shift)) {
                result = mg_fxp_mul(result, multipliers[exponent + 2]);
            }
        }
    }
    if (integer_bits > 5) {
        int32_t clamp = -((int32_t)1 << (36 - integer_bits)); /* -32.0 */
        if (a < clamp) {
            result = 0;
        }
    }
    return a == 0 ? MG_FXP_ONE_Q0 : result;
}

/* Newton-Raphson iterations for 1 / (1 + a), a in Q0 [0, 1): returns x in Q2 with x ~ 2 / (1 + a). */
static inline int32_t mg_fxp_reciprocal_iterations(int32_t a)
{
    const int32_t constant_48_over_17 = 1515870810;      /* Q2 */
    const int32_t constant_neg_32_over_17 = -1010580540; /* Q2 */
    int32_t half_denominator = mg_fxp_rounding_half_sum(a, MG_FXP_ONE_Q0);
    int32_t x = mg_fxp_add(constant_48_over_17, mg_fxp_mul(half_denominator, constant_neg_32_over_17));
    for (int i = 0; i < 3; ++i) {
        int32_t half_denominator_times_x = mg_fxp_mul(half_denominator, x);      /* Q2 */
        int32_t one_minus = mg_fxp_sub(MG_FXP_ONE_Q2, half_denominator_times_x); /* Q2 */
        x = mg_fxp_add(x, mg_fxp_rescale(mg_fxp_mul(x, one_minus), 4, 2));
    }
    return x;
}

/* 1 / (1 + a) as Q0, for a Q0 value a in [0, 1). */
static inline int32_t mg_fxp_one_over_one_plus_x_for_x_in_0_1(int32_t a)
{
    /* x / 2 is the raw x read as Q1, then rescaled to Q0 */
    return mg_fxp_rescale(mg_fxp_reciprocal_iterations(a), 1, 0);
}

/* (1 - a) / (1 + a) as Q0, for a Q0 value a in [0, 1). */
static inline int32_t mg_fxp_one_minus_x_over_one_plus_x_for_x_in_0_1(int32_t a)
{
    return mg_fxp_rescale(mg_fxp_sub(mg_fxp_reciprocal_iterations(a), MG_FXP_ONE_Q2), 2, 0);
}

/* tanh(a) as Q0 for a Q(integer_bits) value a. */
static inline int32_t mg_fxp_tanh(int32_t a, int integer_bits)
{
    int negative = a < 0;
    int32_t n = negative ? a : mg_fxp_neg(a);
    /* -tanh(n) for n <= 0: (1 - exp(2n)) / (1 + exp(2n)); 2n is the raw n read with one more integer bit */
    int32_t t = mg_fxp_one_minus_x_over_one_plus_x_for_x_in_0_1(mg_fxp_exp_on_negative_values(n, integer_bits + 1));
    if (a == 0) {
        return 0;
    }
    return negative ? mg_fxp_neg(t) : t;
}

/* logistic(a) = 1 / (1 + exp(-a)) as Q0 for a Q(integer_bits) value a. */
static inline int32_t mg_fxp_logistic(int32_t a, int integer_bits)
{
    int positive = a > 0;
    int32_t abs_a = positive ? a : mg_fxp_neg(a);
    int32_t if_positive =
        mg_fxp_one_over_one_plus_x_for_x_in_0_1(mg_fxp_exp_on_negative_values(mg_fxp_neg(abs_a), integer_bits));
    int32_t if_negative = mg_fxp_sub(MG_FXP_ONE_Q0, if_positive);
    if (a == 0) {
        return 1 << 30; /* one half */
    }
    return positive ? if_positive : if_negative;
}

#endif
