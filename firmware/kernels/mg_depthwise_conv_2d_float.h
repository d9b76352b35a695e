/* The float DEPTHWISE_CONV_2D body both float kernels instantiate: float32 weights (depthwise_conv_2d_f32.c) and
 * float16 weights kept in flash (depthwise_conv_2d_f16.c). TFLite's reference float DepthwiseConv: the same
 * summation order (ky, kx), then the bias, then the clamp. */
#ifndef MG_DEPTHWISE_CONV_2D_FLOAT_H
#define MG_DEPTHWISE_CONV_2D_FLOAT_H

#include "depthwise_conv_2d.h"
#include "mg_half.h"

static inline __attribute__((always_inline)) void mg_depthwise_conv_2d_float(const mg_depthwise_conv_2d_params *p,
                                                                             const float *input, const void *filter,
                                                                             int half, const float *bias, float *output)
{
    const int32_t depth = p->geometry.input_depth, out_depth = p->geometry.output_depth, mult = p->depth_multiplier;
    const int32_t in_row = p->geometry.input_width * depth;
    const int32_t filter_row = p->geometry.filter_width * out_depth;
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const float *in_batch = input + b * p->geometry.input_height * in_row;
        for (int32_t oy = 0; oy < p->geometry.output_height; ++oy) {
            const mg_conv_span ys = mg_conv_row_span(&p->geometry, oy);
            for (int32_t ox = 0; ox < p->geometry.output_width; ++ox) {
                const mg_conv_span xs = mg_conv_col_span(&p->geometry, ox);
                int32_t o = 0;
                for (int32_t c = 0; c < depth; ++c) {
                    for (int32_t m = 0; m < mult; ++m, ++o) {
                        float total = 0.0f;
                        for (int32_t ky = ys.first; ky < ys.end; ++ky) {
                            const float *in_y = in_batch + (ys.origin + ky * dil_h) * in_row + c;
                            const int32_t w_y = ky * filter_row + o;
                            for (int32_t kx = xs.first; kx < xs.end; ++kx) {
                                total += in_y[(xs.origin + kx * dil_w) * depth] *
                                         mg_float_weight(filter, w_y + kx * out_depth, half);
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
