#include "relu.h"

void mg_relu6_s8(const mg_relu_params *p, const int8_t *input, int8_t *output)
{
    const int8_t lower = (int8_t)p->act_min;
    const int8_t upper = (int8_t)p->act_max;
    for (int32_t i = 0; i < p->count; ++i) {
        const int8_t v = input[i];
        output[i] = v > upper ? upper : (v < lower ? lower : v);
    }
}
