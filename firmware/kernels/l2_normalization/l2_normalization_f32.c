/* L2_NORMALIZATION, float32: TFLite's reference_ops::L2Normalization with epsilon 1e-6 (TFLite Micro's
 * l2norm.cc). */
#include <math.h>

#include "l2_normalization.h"

void mg_l2_normalization_f32(const mg_l2_normalization_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const float *row = input + (size_t)i * (size_t)p->depth;
        float squared_l2_norm = 0.0f;
        for (int32_t c = 0; c < p->depth; ++c) {
            squared_l2_norm += row[c] * row[c];
        }
        float l2_norm = sqrtf(squared_l2_norm);
        l2_norm = l2_norm < 1e-6f ? 1e-6f : l2_norm; /* std::max(l2_norm, epsilon) */
        for (int32_t c = 0; c < p->depth; ++c) {
            output[(size_t)i * (size_t)p->depth + c] = row[c] / l2_norm;
        }
    }
}
