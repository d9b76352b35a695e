/* ROUND, float32: halves to even, as TFLite's reference_ops::Round (RoundToNearest). */
#include <math.h>

#include "elementwise.h"

void mg_round_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float floor_val = floorf(input[i]);
        const float diff = input[i] - floor_val;
        /* a diff of exactly 0.5 only occurs below 2^23, where the int cast is exact */
        const int even = diff == 0.5f && (int32_t)floor_val % 2 == 0;
        output[i] = (diff < 0.5f || even) ? floor_val : floor_val + 1.0f;
    }
}
