/* int8 LOG_SOFTMAX as TFLite's reference_ops::LogSoftmaxQuantized<int8_t>: input differences to the row maximum
 * scaled to Q5.26, exponentiated (Q0.31) and summed in Q12.19, the log of the sum in Q5.26; each output is its
 * scaled difference less that log, rescaled to Q4 and offset by 127. Each element is read before its output is
 * written (in place is safe). */
#include "log_softmax.h"
#include "mg_fixedpoint_log.h"
#include "mg_row_max.h"

#define INPUT_INTEGER_BITS 5
#define ACCUMULATION_INTEGER_BITS 12
#define OUTPUT_INTEGER_BITS 4

static inline int32_t scaled_diff(const mg_log_softmax_params *p, int32_t diff)
{
    return mg_multiply_by_quantized_multiplier(diff, p->input_multiplier, p->input_left_shift);
}

void mg_log_softmax_s8(const mg_log_softmax_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int8_t *in = input + i * depth;
        int8_t *out = output + i * depth;
        const int32_t max_in_row = mg_row_max_s8(in, depth);

        int32_t sum_of_exps = 0; /* Q12.19 */
        for (int32_t c = 0; c < depth; ++c) {
            const int32_t diff = (int32_t)in[c] - max_in_row;
            if (diff >= p->diff_min) {
                const int32_t e = mg_fxp_exp_on_negative_values(scaled_diff(p, diff), INPUT_INTEGER_BITS);
                sum_of_exps = mg_fxp_add(sum_of_exps, mg_fxp_rescale(e, 0, ACCUMULATION_INTEGER_BITS));
            }
        }
        const int32_t log_sum =
            mg_fxp_log_x_for_x_ge_1(sum_of_exps, ACCUMULATION_INTEGER_BITS, INPUT_INTEGER_BITS); /* Q5.26 */

        /* the smallest difference whose output stays representable once the log is subtracted */
        const int32_t reach = mg_multiply_by_quantized_multiplier(
            mg_fxp_add(log_sum, INT32_MIN), p->reverse_scaling_divisor, -p->reverse_scaling_right_shift);
        const int32_t adjusted_diff_min = p->diff_min - 1 > reach ? p->diff_min - 1 : reach;

        for (int32_t c = 0; c < depth; ++c) {
            const int32_t diff = (int32_t)in[c] - max_in_row;
            int32_t value = INT8_MIN;
            if (diff > adjusted_diff_min) {
                const int32_t q5 = mg_fxp_sub(scaled_diff(p, diff), log_sum);
                value = mg_rounding_divide_by_pot(q5, 31 - INPUT_INTEGER_BITS - OUTPUT_INTEGER_BITS) + INT8_MAX;
                value = mg_clamp(value, INT8_MIN, INT8_MAX);
            }
            out[c] = (int8_t)value;
        }
    }
}
