/* int8 RELU: TFLite Micro's ReluQuantized<int8_t> (activations.cc). */
#include "relu.h"

void mg_relu_s8(const mg_relu_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = (int8_t)mg_relu_element(p, input[i]);
    }
}
