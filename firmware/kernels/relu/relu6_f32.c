#include "relu.h"

void mg_relu6_f32(const mg_relu_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = v > 6.0f ? 6.0f : (v < 0.0f ? 0.0f : v);
    }
}
