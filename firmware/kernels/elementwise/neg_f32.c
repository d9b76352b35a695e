/* NEG, float32: -x as TFLite's reference_ops::Negate. */
#include "elementwise.h"

void mg_neg_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = -input[i];
    }
}
