/* The largest of n floats as TFLite's reference SOFTMAX and LOG_SOFTMAX find a row's maximum: from -FLT_MAX,
 * std::max(max, x), which keeps max unless max < x. */
#ifndef MG_MAX_F32_H
#define MG_MAX_F32_H

#include <float.h>
#include <stdint.h>

static inline float mg_max_f32(const float *x, int32_t n)
{
    float max = -FLT_MAX;
    for (int32_t i = 0; i < n; ++i) {
        max = max < x[i] ? x[i] : max;
    }
    return max;
}

#endif
