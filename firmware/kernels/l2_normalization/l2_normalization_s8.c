/* L2_NORMALIZATION, int8: TFLite's reference_integer_ops::L2Normalization (TFLite Micro's l2norm.cc). */
#include "l2_normalization.h"
#include "mg_inv_sqrt.h"

#define OUTPUT_SCALE_BITS 7 /* outputs in 1/128 steps */

void mg_l2_normalization_s8(const mg_l2_normalization_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int8_t *row = input + (size_t)i * (size_t)p->depth;
        int32_t acc = 0;
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t v = row[c] - p->input_zero_point;
            acc += v * v;
        }
        int32_t inv_multiplier, inv_shift;
        mg_inv_sqrt_multiplier(acc, &inv_multiplier, &inv_shift);
        for (int32_t c = 0; c < p->depth; ++c) {
            const int32_t v = row[c] - p->input_zero_point;
            const int32_t out = mg_multiply_by_quantized_multiplier(v, inv_multiplier, inv_shift + OUTPUT_SCALE_BITS);
            output[(size_t)i * (size_t)p->depth + c] = (int8_t)mg_clamp(out, INT8_MIN, INT8_MAX);
        }
    }
}
