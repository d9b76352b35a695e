#include "mg_fixedpoint.h"
#include "relu.h"

void mg_relu_s8(const mg_relu_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t scaled =
            mg_multiply_by_quantized_multiplier(input[i] - p->input_zero_point, p->output_multiplier, p->output_shift);
        output[i] = (int8_t)mg_clamp(p->output_zero_point + scaled, p->act_min, p->act_max);
    }
}
