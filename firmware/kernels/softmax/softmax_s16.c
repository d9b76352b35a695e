/* int16 SOFTMAX as TFLite's reference_ops::SoftmaxInt16: each input's difference to the row maximum, rescaled so
 * that [-65535, 0] covers [-10, 0], goes through the exp table (Q0.15, written to the output first); the Q16.15 sum
 * is normalized and its reciprocal read from the 1 / (1 + x) table; each output is its exp times the reciprocal,
 * shifted back. Each input is read before its output is written, so the output may overwrite the input. */
#include "mg_fixedpoint.h"
#include "mg_lut16.h"
#include "mg_row_max.h"
#include "softmax.h"

static inline int16_t saturate_s16(int32_t x)
{
    return (int16_t)mg_clamp(x, INT16_MIN, INT16_MAX);
}

void mg_softmax_s16(const mg_softmax_params *p, const int16_t *input, int16_t *output)
{
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *in = input + i * depth;
        int16_t *out = output + i * depth;
        const int32_t max_in_row = mg_row_max_s16(in, depth);

        int32_t sum_of_exps = 0; /* Q16.15 */
        for (int32_t c = 0; c < depth; ++c) {
            int32_t scaled_diff =
                mg_multiply_by_quantized_multiplier(in[c] - max_in_row, p->input_multiplier, p->input_left_shift);
            out[c] = mg_lut16_lookup(saturate_s16(scaled_diff + 32767), p->exp_lut);
            sum_of_exps += out[c];
        }

        const int headroom_plus_one = __builtin_clz((uint32_t)sum_of_exps); /* the row maximum's exp: sum > 0 */
        const int32_t reciprocal = mg_softmax_s16_reciprocal(sum_of_exps, headroom_plus_one, p->reciprocal_lut);

        const int right_shift = 31 - headroom_plus_one;
        const int64_t round = (int64_t)1 << (right_shift - 1);
        for (int32_t c = 0; c < depth; ++c) {
            int32_t result = (int32_t)(((int64_t)out[c] * reciprocal + round) >> right_shift);
            out[c] = (int16_t)mg_clamp(result, 0, INT16_MAX);
        }
    }
}
