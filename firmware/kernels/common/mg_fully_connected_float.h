/* The float FULLY_CONNECTED body both float kernels instantiate: float32 weights (fully_connected_f32.c) and
 * float16 weights kept in flash (fully_connected_f16.c). TFLite's reference float FullyConnected: the dot product
 * in depth order, then the bias, then the clamp. */
#ifndef MG_FULLY_CONNECTED_FLOAT_H
#define MG_FULLY_CONNECTED_FLOAT_H

#include "fully_connected.h"
#include "mg_half.h"

static inline __attribute__((always_inline)) void mg_fully_connected_float(const mg_fully_connected_params *p,
                                                                           const float *input, const void *weights,
                                                                           int half, const float *bias, float *output)
{
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const float *in = input + b * p->shape.accum_depth;
        for (int32_t o = 0; o < p->shape.output_depth; ++o) {
            const int32_t w = o * p->shape.accum_depth;
            float total = 0.0f;
            for (int32_t d = 0; d < p->shape.accum_depth; ++d) {
                total += in[d] * mg_float_weight(weights, w + d, half);
            }
            total += bias ? bias[o] : 0.0f;
            total = total < p->act_min_f ? p->act_min_f : total;
            *output++ = total > p->act_max_f ? p->act_max_f : total;
        }
    }
}

#endif
