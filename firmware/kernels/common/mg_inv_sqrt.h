/* TFLite's GetInvSqrtQuantizedMultiplierExp (with kReverseShift -1) step for step: 1/sqrt(input) in gemmlowp
 * fixed point by 5 Newton-Raphson iterations, shared by RSQRT and L2_NORMALIZATION. */
#ifndef MG_INV_SQRT_H
#define MG_INV_SQRT_H

#include <stdint.h>

#include "mg_fixedpoint_exp.h"

/* 1/sqrt(input) as a Q31 multiplier and a left shift (<= 0), for input >= 0 (0 and 1 give the largest). */
static inline void mg_inv_sqrt_multiplier(int32_t input, int32_t *multiplier, int32_t *shift)
{
    if (input <= 1) {
        *multiplier = INT32_MAX;
        *shift = 0;
        return;
    }
    int32_t right_shift = 11;
    while (input >= (1 << 29)) {
        input /= 4;
        ++right_shift;
    }
    const int32_t left_shift_bit_pairs = (__builtin_clz((uint32_t)input) - 1) / 2 - 1;
    right_shift -= left_shift_bit_pairs;
    input <<= 2 * left_shift_bit_pairs;
    /* Newton-Raphson on Q3 values (3 integer bits), starting from x = 1 */
    const int32_t half_input = mg_fxp_mul_pot(input >> 1, -1);
    const int32_t three_halves = (1 << 28) + (1 << 27);
    int32_t x = 1 << 28;
    for (int i = 0; i < 5; ++i) {
        const int32_t x3 = mg_fxp_rescale(mg_fxp_mul(mg_fxp_mul(x, x), x), 9, 3);
        x = mg_fxp_rescale(mg_fxp_sub(mg_fxp_mul(three_halves, x), mg_fxp_mul(half_input, x3)), 6, 3);
    }
    x = mg_fxp_mul(x, 1518500250); /* times sqrt(2) / 2 in Q0 */
    if (right_shift < 0) {
        x = (int32_t)((uint32_t)x << -right_shift);
        right_shift = 0;
    }
    *multiplier = x;
    *shift = -right_shift;
}

#endif
