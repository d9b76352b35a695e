/* The 16x8 reference convolutions (CONV_2D, DEPTHWISE_CONV_2D: TFLite Micro's reference ConvPerChannel and
 * DepthwiseConvPerChannel for int16 input): one output channel's walk over every output pixel, each sum taken over
 * the window's taps inside the input in TFLite's order, then requantized (mg_requant_s16). */
#ifndef MG_CONV_S16_H
#define MG_CONV_S16_H

#include <stdint.h>

#include "mg_conv_geometry.h"
#include "mg_requant.h"

/* The 16x8 kernels' sum for one output value: over the window's taps inside the input, in TFLite's (ky, kx, c)
 * order, `channels` int16 inputs (symmetric: no offset) from `input` (the group's or channel's first, of the
 * batch's image) against int8 weights from `weights` (the channel's first tap, taps `tap_stride` apart). */
static inline int64_t mg_conv_window_sum_s16(const mg_conv_geometry *g, const int16_t *input, const int8_t *weights,
                                             int32_t y0, int32_t x0, int32_t channels, int32_t tap_stride)
{
    int32_t ky0, ky1, kx0, kx1;
    mg_conv_window(y0, g->dilation_height, g->input_height, g->filter_height, &ky0, &ky1);
    mg_conv_window(x0, g->dilation_width, g->input_width, g->filter_width, &kx0, &kx1);
    int64_t acc = 0;
    for (int32_t ky = ky0; ky < ky1; ++ky) {
        const int16_t *row = input + (y0 + ky * g->dilation_height) * g->input_width * g->input_depth;
        for (int32_t kx = kx0; kx < kx1; ++kx) {
            const int16_t *x = row + (x0 + kx * g->dilation_width) * g->input_depth;
            const int8_t *w = weights + (ky * g->filter_width + kx) * tap_stride;
            for (int32_t c = 0; c < channels; ++c) {
                acc += w[c] * x[c];
            }
        }
    }
    return acc;
}

/* Output channel o of every output pixel: input is the channel's (or group's) first input value in the first
 * image, weights its first tap; step holds its multiplier and shift. */
static inline void mg_conv_channel_s16(const mg_conv_geometry *g, const int16_t *input, const int8_t *weights,
                                       int32_t channels, int32_t tap_stride, const mg_requant_s16_step *step,
                                       const void *bias, int32_t o, int16_t *output)
{
    const int32_t in_image = g->input_height * g->input_width * g->input_depth;
    int16_t *out = output + o;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t oy = 0; oy < g->output_height; ++oy) {
            for (int32_t ox = 0; ox < g->output_width; ++ox, out += g->output_depth) {
                const int64_t acc =
                    mg_conv_window_sum_s16(g, input + b * in_image, weights, oy * g->stride_height - g->pad_height,
                                           ox * g->stride_width - g->pad_width, channels, tap_stride);
                *out = mg_requant_s16(step, acc, bias, o);
            }
        }
    }
}

#endif
