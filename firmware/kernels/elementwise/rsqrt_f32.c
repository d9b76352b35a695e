/* RSQRT, float32: 1.f / std::sqrt as TFLite Micro's elementwise.cc RsqrtEval. */
#include <math.h>

#include "elementwise.h"

void mg_rsqrt_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = 1.0f / sqrtf(v);
    }
}
