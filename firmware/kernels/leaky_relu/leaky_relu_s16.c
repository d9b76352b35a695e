/* int16 LEAKY_RELU: TFLite's reference_ops::QuantizeLeakyRelu<int16_t> (TFLite Micro's leaky_relu.cc). */
#include "leaky_relu.h"

void mg_leaky_relu_s16(const mg_leaky_relu_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = (int16_t)mg_clamp(mg_leaky_relu_element(p, input[i]), INT16_MIN, INT16_MAX);
    }
}
