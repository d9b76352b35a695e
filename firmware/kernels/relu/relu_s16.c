/* int16 RELU: TFLite Micro's ReluQuantized<int16_t> (activations.cc; zero points 0). */
#include "relu.h"

void mg_relu_s16(const mg_relu_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = (int16_t)mg_relu_element(p, input[i]);
    }
}
