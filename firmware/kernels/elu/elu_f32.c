/* ELU, float32: TFLite's reference_ops::Elu (TFLite Micro's elu.cc). */
#include <math.h>

#include "elu.h"

void mg_elu_f32(const mg_elu_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = v < 0.0f ? expm1f(v) : v;
    }
}
