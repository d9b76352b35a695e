/* int16 RELU6: TFLite Micro's Relu6Quantized<int16_t> (activations.cc): a clamp to [input zero point, quantized
 * 6.0] in the input's quantization. */
#include "mg_fixedpoint.h"
#include "relu.h"

void mg_relu6_s16(const mg_relu_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = (int16_t)mg_clamp(input[i], p->act_min, p->act_max);
    }
}
