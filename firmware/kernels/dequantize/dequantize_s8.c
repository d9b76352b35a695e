#include "dequantize.h"

void mg_dequantize_s8_f32(const mg_dequantize_params *p, const int8_t *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        /* TFLite computes this in double; with an int8 operand the float product rounds the same way. */
        output[i] = p->scale * (float)(input[i] - p->zero_point);
    }
}
