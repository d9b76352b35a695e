/* DIV, int8: TFLite's reference_ops::DivElementwise / BroadcastDivSlowQuantized<int8_t> (TFLite Micro's div.cc),
 * with GetReciprocal and CountLeadingSignBits step for step. */
#include "div.h"
#include "mg_binary_loop.h"
#include "mg_fixedpoint_exp.h"

/* Redundant sign bits of x (31 for 0), as TFLite's CountLeadingSignBits. */
static int32_t leading_sign_bits(int32_t x)
{
    return x ? __builtin_clrsb(x) : 31;
}

/* gemmlowp's RoundingDivideByPOT for a shift of 32 bits or more, as the tflite-micro package computes it on
 * x86-64 (a shift TFLite leaves undefined: small dividends over large divisors with a small output scale reach
 * it): the 64-bit mask truncates to all ones, and the 32-bit arithmetic shift takes its count modulo 32. */
static int32_t rounding_divide_by_wide_pot(int32_t x, int32_t exponent)
{
    const int32_t threshold = -1 + (x < 0 ? 1 : 0);          /* (mask >> 1) + (x < 0), mask = -1 */
    return (x >> (exponent & 31)) + (x > threshold ? 1 : 0); /* remainder = x & mask = x */
}

static int8_t divide(const mg_div_params *p, int32_t a, int32_t b)
{
    int32_t dividend = p->input1_offset + a;
    int32_t divisor = p->input2_offset + b;
    if (divisor < 0) {
        dividend = -dividend;
        divisor = -divisor;
    }
    /* GetReciprocal(divisor, 31): 1 / divisor as a Q0 value in (0.5, 1] and a power of two */
    /* a zero divisor (undefined in TFLite Micro) takes CountLeadingZeros(0) = 32 and a zero shifted value */
    const int32_t headroom_plus_one = divisor ? __builtin_clz((uint32_t)divisor) : 32;
    const int32_t recip_shift = 31 - headroom_plus_one;
    const uint32_t shifted = divisor ? (uint32_t)divisor << headroom_plus_one : 0u;
    const int32_t shifted_minus_one = (int32_t)(shifted - (1u << 31));
    const int32_t reciprocal = mg_fxp_one_over_one_plus_x_for_x_in_0_1(shifted_minus_one);
    const int32_t headroom = leading_sign_bits(dividend);
    /* MultiplyByQuantizedMultiplierGreaterThanOne, then ...SmallerThanOneExp: a right shift (>= 0) */
    const int32_t quotient = mg_sat_rounding_doubling_high_mul((int32_t)((uint32_t)dividend << headroom), reciprocal);
    const int32_t right_shift = recip_shift + headroom - p->output_shift;
    const int32_t product = mg_sat_rounding_doubling_high_mul(quotient, p->output_multiplier);
    const int32_t scaled = right_shift > 31 ? rounding_divide_by_wide_pot(product, right_shift)
                                            : mg_rounding_divide_by_pot(product, right_shift);
    return (int8_t)mg_clamp(p->output_offset + scaled, p->act_min, p->act_max);
}

#define STEP(a, b) divide(p, a, b)

void mg_div_s8(const mg_div_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
