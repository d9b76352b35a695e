#include "leaky_relu.h"
#include "mg_fixedpoint.h"

void mg_leaky_relu_s8(const mg_leaky_relu_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t x = input[i] - p->input_zero_point;
        const int32_t scaled = x >= 0
                                   ? mg_multiply_by_quantized_multiplier(x, p->multiplier_identity, p->shift_identity)
                                   : mg_multiply_by_quantized_multiplier(x, p->multiplier_alpha, p->shift_alpha);
        output[i] = (int8_t)mg_clamp(p->output_zero_point + scaled, INT8_MIN, INT8_MAX);
    }
}
