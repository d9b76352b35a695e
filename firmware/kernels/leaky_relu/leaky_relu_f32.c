#include "leaky_relu.h"

void mg_leaky_relu_f32(const mg_leaky_relu_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = v > 0.0f ? v : v * p->alpha; /* alpha may be above 1 or negative: no max() */
    }
}
