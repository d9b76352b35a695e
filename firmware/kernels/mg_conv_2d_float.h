/* The float CONV_2D body both float kernels instantiate: float32 weights (conv_2d_f32.c) and float16 weights
 * kept in flash (conv_2d_f16.c). TFLite's reference float Conv: the same summation order (ky, kx, c), then the
 * bias, then the clamp. */
#ifndef MG_CONV_2D_FLOAT_H
#define MG_CONV_2D_FLOAT_H

#include "conv_2d.h"
#include "mg_half.h"

static inline __attribute__((always_inline)) void mg_conv_2d_float(const mg_conv_2d_params *p, const float *input,
                                                                   const void *filter, int half, const float *bias,
                                                                   float *output)
{
    const int32_t depth = p->geometry.input_depth, group_depth = p->filter_input_depth;
    const int32_t in_row = p->geometry.input_width * depth;
    const int32_t filter_row = p->geometry.filter_width * group_depth;
    const int32_t filter_size = p->geometry.filter_height * filter_row;
    const int32_t groups = p->geometry.output_depth / p->filters_per_group;
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const float *in_batch = input + b * p->geometry.input_height * in_row;
        for (int32_t oy = 0; oy < p->geometry.output_height; ++oy) {
            const mg_conv_span ys = mg_conv_row_span(&p->geometry, oy);
            for (int32_t ox = 0; ox < p->geometry.output_width; ++ox) {
                const mg_conv_span xs = mg_conv_col_span(&p->geometry, ox);
                int32_t o = 0;
                for (int32_t g = 0; g < groups; ++g) {
                    const float *in_group = in_batch + g * group_depth;
                    for (int32_t f = 0; f < p->filters_per_group; ++f, ++o) {
                        float total = 0.0f;
                        for (int32_t ky = ys.first; ky < ys.end; ++ky) {
                            const float *in_y = in_group + (ys.origin + ky * dil_h) * in_row;
                            const int32_t w_y = o * filter_size + ky * filter_row;
                            for (int32_t kx = xs.first; kx < xs.end; ++kx) {
                                const float *x = in_y + (xs.origin + kx * dil_w) * depth;
                                const int32_t w = w_y + kx * group_depth;
                                for (int32_t c = 0; c < group_depth; ++c) {
                                    total += x[c] * mg_float_weight(filter, w + c, half);
                                }
                            }
                        }
                        total += bias ? bias[o] : 0.0f;
                        total = total < p->act_min_f ? p->act_min_f : total;
                        *output++ = total > p->act_max_f ? p->act_max_f : total;
                    }
                }
            }
        }
    }
}

#endif
