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

static inline int32_t mg_clamp(int32_t x, int32_t lo, int32_t hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

#endif
