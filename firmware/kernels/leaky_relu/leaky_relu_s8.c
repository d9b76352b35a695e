/* int8 LEAKY_RELU: TFLite's reference_ops::QuantizeLeakyRelu<int8_t> (TFLite Micro's leaky_relu.cc). */
#include "leaky_relu.h"

void mg_leaky_relu_s8(const mg_leaky_relu_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = (int8_t)mg_clamp(mg_leaky_relu_element(p, input[i]), INT8_MIN, INT8_MAX);
    }
}
