/* EXP, float32: std::exp as TFLite's reference_ops::Exp (TFLite Micro's exp.cc). */
#include <math.h>

#include "elementwise.h"

void mg_exp_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = expf(input[i]);
    }
}
