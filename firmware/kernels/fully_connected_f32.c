#include "fully_connected.h"

void mg_fully_connected_f32(const mg_fully_connected_params *p, const float *input, const float *weights,
                            const float *bias, float *output)
{
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const float *in = input + b * p->shape.accum_depth;
        for (int32_t o = 0; o < p->shape.output_depth; ++o) {
            const float *w = weights + o * p->shape.accum_depth;
            float total = 0.0f;
            for (int32_t d = 0; d < p->shape.accum_depth; ++d) {
                total += in[d] * w[d];
            }
            total += bias ? bias[o] : 0.0f;
            total = total < p->act_min_f ? p->act_min_f : total;
            *output++ = total > p->act_max_f ? p->act_max_f : total;
        }
    }
}
