/* Fixed-point requantization exactly as TFLite Micro's reference kernels do it (double rounding:
 * a rounding doubling high multiply, then a rounding right shift). */
#ifndef MG_FIXEDPOINT_H
#define MG_FIXEDPOINT_H

#include <stdint.h>

static inline int32_t mg_sat_rounding_doubling_high_mul(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN) {
        return INT32_MAX;
    }
    int64_t ab = (int64_t)a * (int64_t)b;
    int32_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
    return (int32_t)((ab + nudge) / (1ll << 31)); /* C division truncates toward zero, as TFLite's does */
}

static inline int32_t mg_rounding_divide_by_pot(int32_t x, int exponent)
{
    int32_t mask = (int32_t)((1ll << exponent) - 1);
    int32_t remainder = x & mask;
    int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

/* x * multiplier * 2^shift, with multiplier a Q31 value in [0.5, 1) and shift from the generator. */
static inline int32_t mg_multiply_by_quantized_multiplier(int32_t x, int32_t multiplier, int32_t shift)
{
    int left = shift > 0 ? shift : 0;
    int right = shift > 0 ? 0 : -shift;
    return mg_rounding_divide_by_pot(mg_sat_rounding_doubling_high_mul(x * (1 << left), multiplier), right);
}

/* mg_multiply_by_quantized_multiplier in one rounding step, bit for bit the same for every x, shift in [-31, 31]
 * and multiplier in [0, INT32_MAX] (all that QuantizeMultiplier makes). TFLite rounds twice: x * m / 2^31 to
 * nearest, halves up, then that / 2^right to nearest, halves away from zero. Both are floors of the exact
 * product plus a constant, so they nest into one floor of (x * m + c) / 2^(31 + right), with c = 2^(30 + right)
 * plus 2^30 for a product >= 0 or minus 2^30 for one < 0 (the sign of x, m being >= 0); for right >= 1 that is
 * the 64-bit sum's high word shifted right by right - 1: one multiply-accumulate and one shift, no saturation
 * test (m is never INT32_MIN). A kernel makes the constants once per channel (mg_requantizer_make) and applies
 * them per output; tests/kernels/test_requantize.py checks the pair against TFLite's formula. */
typedef struct {
    int64_t round;      /* right shift: 2^(30 + right) + 2^30; none: 2^30 */
    int32_t multiplier; /* Q31, >= 0 */
    int32_t shift;      /* > 0: left shift; <= 0: minus the right shift */
} mg_requantizer;

static inline mg_requantizer mg_requantizer_make(int32_t multiplier, int32_t shift)
{
    mg_requantizer q;
    q.round = (shift >= 0 ? 0 : (int64_t)1 << (30 - shift)) + (1 << 30);
    q.multiplier = multiplier;
    q.shift = shift;
    return q;
}

static inline __attribute__((always_inline)) int32_t mg_requantizer_apply(const mg_requantizer *q, int32_t x)
{
    if (q->shift >= 0) { /* no right shift: one rounding of (x * 2^shift) * m / 2^31, halves up */
        const int64_t product = (int64_t)(int32_t)((uint32_t)x << q->shift) * q->multiplier;
        return (int32_t)((product + q->round) >> 31);
    }
    const int64_t round = x < 0 ? q->round - ((int64_t)1 << 31) : q->round;
    return (int32_t)(((int64_t)x * q->multiplier + round) >> 32) >> (-q->shift - 1);
}

/* The same in one call (the constants made for each x). */
static inline int32_t mg_requantize(int32_t x, int32_t multiplier, int32_t shift)
{
    const mg_requantizer q = mg_requantizer_make(multiplier, shift);
    return mg_requantizer_apply(&q, x);
}

static inline int32_t mg_clamp(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

#endif
