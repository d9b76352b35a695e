/* int8 SOFTMAX as TFLite's reference_ops::Softmax<int8_t, OutputT>: input differences to the row maximum
 * are scaled to Q5.26, exponentiated in fixed point (Q0.31), summed in Q12.19 and multiplied by the reciprocal
 * of the sum. Each element is read before its output is written, so the output may overwrite the input when
 * both are int8. */
#include "mg_fixedpoint_exp.h"
#include "mg_row_max.h"
#include "softmax.h"

#define SCALED_DIFF_INTEGER_BITS 5
#define ACCUMULATION_INTEGER_BITS 12

/* diff * 2^left_shift as Q5.26, times the Q31 multiplier (MultiplyByQuantizedMultiplierGreaterThanOne);
 * diff_min keeps the shifted value in range. */
static inline int32_t scaled_exp(const mg_softmax_params *p, int32_t diff)
{
    int32_t shifted = (int32_t)((uint32_t)diff << p->input_left_shift);
    int32_t scaled = mg_sat_rounding_doubling_high_mul(shifted, p->input_multiplier);
    return mg_fxp_exp_on_negative_values(scaled, SCALED_DIFF_INTEGER_BITS);
}

static void softmax_s8(const mg_softmax_params *p, const int8_t *input, void *output, int output_bits)
{
    const int32_t out_min = output_bits == 16 ? INT16_MIN : INT8_MIN;
    const int32_t out_max = output_bits == 16 ? INT16_MAX : INT8_MAX;
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int8_t *in = input + i * depth;
        const int32_t max_in_row = mg_row_max_s8(in, depth);

        int32_t sum_of_exps = 0; /* Q12.19 */
        for (int32_t c = 0; c < depth; ++c) {
            int32_t diff = (int32_t)in[c] - max_in_row;
            if (diff >= p->diff_min) {
                sum_of_exps =
                    mg_fxp_add(sum_of_exps, mg_fxp_rescale(scaled_exp(p, diff), 0, ACCUMULATION_INTEGER_BITS));
            }
        }

        /* The reciprocal of the sum (TFLite's GetReciprocal): the sum normalized to [1, 2), 1 / (1 + x) of its
         * fractional part, and the number of bits the sum has above one. */
        uint32_t sum_bits = (uint32_t)sum_of_exps;
        int headroom_plus_one = sum_bits == 0 ? 32 : __builtin_clz(sum_bits);
        int num_bits_over_unit = ACCUMULATION_INTEGER_BITS - headroom_plus_one;
        uint32_t normalized = headroom_plus_one >= 32 ? 0u : sum_bits << headroom_plus_one;
        int32_t shifted_sum_minus_one = (int32_t)(normalized - (1u << 31));
        int32_t shifted_scale = mg_fxp_one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one);
        const int exponent = num_bits_over_unit + 31 - output_bits;

        for (int32_t c = 0; c < depth; ++c) {
            int32_t diff = (int32_t)in[c] - max_in_row;
            int32_t value = out_min;
            if (diff >= p->diff_min) {
                int32_t product = mg_fxp_mul(shifted_scale, scaled_exp(p, diff));
                /* TFLite checks 0 <= exponent <= 31 (and stops); a larger one leaves nothing of the product */
                int32_t unsat = exponent > 31 ? 0 : mg_rounding_divide_by_pot(product, exponent);
                value = mg_clamp(unsat + out_min, out_min, out_max);
            }
            if (output_bits == 16) {
                ((int16_t *)output)[i * depth + c] = (int16_t)value;
            } else {
                ((int8_t *)output)[i * depth + c] = (int8_t)value;
            }
        }
    }
}

void mg_softmax_s8(const mg_softmax_params *p, const int8_t *input, int8_t *output)
{
    softmax_s8(p, input, output, 8);
}

void mg_softmax_s8_s16(const mg_softmax_params *p, const int8_t *input, int16_t *output)
{
    softmax_s8(p, input, output, 16);
}
