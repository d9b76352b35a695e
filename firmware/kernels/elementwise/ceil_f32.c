/* CEIL, float32: std::ceil as TFLite's reference_ops::Ceil. */
#include <math.h>

#include "elementwise.h"

void mg_ceil_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = ceilf(v);
    }
}
