/* SIN, float32: std::sin as TFLite Micro's elementwise.cc SinEval. */
#include <math.h>

#include "elementwise.h"

void mg_sin_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = sinf(v);
    }
}
