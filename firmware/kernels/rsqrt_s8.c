/* RSQRT, int8: TFLite Micro's elementwise.cc RsqrtEvalQuantized<int8_t>, with TFLite's
 * GetInvSqrtQuantizedMultiplierExp (gemmlowp fixed point, 5 Newton-Raphson steps) step for step. */
#include "elementwise.h"
#include "fixedpoint_exp.h"

#define RSQRT_SHIFT 20 /* TFLite's kShift: keeps 1/sqrt(value) an integer before the output rescale */

/* 1/sqrt(input) as a Q31 multiplier and a left shift (<= 0), for input >= 0 (0 and 1 give the largest). */
static void inv_sqrt_multiplier(int32_t input, int32_t *multiplier, int32_t *shift)
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

mg_status mg_rsqrt_s8(const mg_elementwise_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t value = input[i] - p->input_offset;
        if (value < 0) {
            return MG_ERROR;
        }
        if (value == 0) { /* values near 0 map to the largest output */
            output[i] = INT8_MAX;
            continue;
        }
        int32_t inv_multiplier, inv_shift;
        inv_sqrt_multiplier(value, &inv_multiplier, &inv_shift);
        const int32_t data = mg_multiply_by_quantized_multiplier(1, inv_multiplier, inv_shift + RSQRT_SHIFT);
        const int32_t out = mg_multiply_by_quantized_multiplier(data, p->multiplier, p->shift - RSQRT_SHIFT);
        output[i] = (int8_t)mg_clamp(out + p->output_offset, INT8_MIN, INT8_MAX);
    }
    return MG_OK;
}
