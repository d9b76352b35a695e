/* ABS, float32: std::abs as TFLite Micro's elementwise.cc AbsEval. */
#include <math.h>

#include "elementwise.h"

void mg_abs_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = fabsf(v);
    }
}
