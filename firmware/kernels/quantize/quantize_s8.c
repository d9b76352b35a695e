#include <math.h>

#include "mg_fixedpoint.h"
#include "quantize.h"

void mg_quantize_f32_s8(const mg_quantize_params *p, const float *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        /* TFLite divides by the scale in float and rounds half away from zero. */
        int32_t q = (int32_t)roundf(input[i] / p->scale) + p->zero_point;
        output[i] = (int8_t)mg_clamp(q, -128, 127);
    }
}

void mg_requantize_s8(const mg_quantize_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        int32_t q = mg_multiply_by_quantized_multiplier(input[i] - p->input_zero_point, p->multiplier, p->shift);
        output[i] = (int8_t)mg_clamp(q + p->zero_point, -128, 127);
    }
}
