/* float32 TANH as TFLite's reference_ops::Tanh: tanhf per element (the output may overwrite the input). */
#include <math.h>

#include "tanh.h"

void mg_tanh_f32(const mg_tanh_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = tanhf(input[i]);
    }
}
