/* SQRT, float32: std::sqrt as TFLite Micro's elementwise.cc SqrtEval. */
#include <math.h>

#include "elementwise.h"

void mg_sqrt_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = sqrtf(v);
    }
}
