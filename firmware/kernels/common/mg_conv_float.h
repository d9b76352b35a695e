/* The float32 CONV_2D and DEPTHWISE_CONV_2D body (mg_conv_2d_float.h, mg_depthwise_conv_2d_float.h instantiate
 * it): TFLite's reference float Conv and DepthwiseConv, the same summation order (ky, kx, c), then the bias, then
 * the clamp, pixel by pixel. Weights are float32, or float16 kept in flash (`half`, mg_half.h). */
#ifndef MG_CONV_FLOAT_H
#define MG_CONV_FLOAT_H

#include "mg_conv_geometry.h"
#include "mg_half.h"

/* How output channels read the input and the filter: output channel o, filter f of group g (o = g *
 * filters_per_group + f), reads `channels` input values per tap from input channel g * group_step on, with the
 * weights from o * filter_step + ky * filter_row + kx * filter_col on. */
typedef struct {
    int32_t groups, filters_per_group, group_step, channels;
    int32_t filter_step, filter_row, filter_col;
    float act_min, act_max;
} mg_conv_float_layout;

static inline __attribute__((always_inline)) void mg_conv_float(const mg_conv_geometry *geometry,
                                                                const mg_conv_float_layout *l, const float *input,
                                                                const void *filter, int half, const float *bias,
                                                                float *output)
{
    const int32_t depth = geometry->input_depth, in_row = geometry->input_width * depth;
    const int32_t dil_h = geometry->dilation_height, dil_w = geometry->dilation_width;
    for (int32_t b = 0; b < geometry->batches; ++b) {
        const float *in_batch = input + b * geometry->input_height * in_row;
        for (int32_t oy = 0; oy < geometry->output_height; ++oy) {
            const mg_conv_span ys = mg_conv_row_span(geometry, oy);
            for (int32_t ox = 0; ox < geometry->output_width; ++ox) {
                const mg_conv_span xs = mg_conv_col_span(geometry, ox);
                int32_t o = 0;
                for (int32_t g = 0; g < l->groups; ++g) {
                    const float *in_group = in_batch + g * l->group_step;
                    for (int32_t f = 0; f < l->filters_per_group; ++f, ++o) {
                        float total = 0.0f;
                        for (int32_t ky = ys.first; ky < ys.end; ++ky) {
                            const float *in_y = in_group + (ys.origin + ky * dil_h) * in_row;
                            const int32_t w_y = o * l->filter_step + ky * l->filter_row;
                            for (int32_t kx = xs.first; kx < xs.end; ++kx) {
                                const float *x = in_y + (xs.origin + kx * dil_w) * depth;
                                const int32_t w = w_y + kx * l->filter_col;
                                for (int32_t c = 0; c < l->channels; ++c) {
                                    total += x[c] * mg_float_weight(filter, w + c, half);
                                }
                            }
                        }
                        total += bias ? bias[o] : 0.0f;
                        total = total < l->act_min ? l->act_min : total;
                        *output++ = total > l->act_max ? l->act_max : total;
                    }
                }
            }
        }
    }
}

#endif
