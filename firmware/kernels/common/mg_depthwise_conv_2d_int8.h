/* The int8 DEPTHWISE_CONV_2D of the reference kernels, over int8 filters (depthwise_conv_2d_s8.c) or int4 filters
 * widened channel by channel into scratch (depthwise_conv_2d_s4.c): one body, two type files, so that a firmware
 * links only the one its nodes use (generator/emit/pruning.py). */
#ifndef MG_DEPTHWISE_CONV_2D_INT8_H
#define MG_DEPTHWISE_CONV_2D_INT8_H

#include "depthwise_conv_2d.h"
#include "mg_fixedpoint.h"
#include "mg_int4.h"
#include "mg_requant.h"

/* TFLite Micro's reference DepthwiseConvPerChannel: per output channel, the taps in (ky, kx) order, then the
 * bias, the per-channel requantization, the output offset and the activation clamp. Output channels are the
 * outer loop, so each channel's multiplier and shift are computed once per invoke. A channel reads only its
 * own input channel, row by row (last row first with reverse_rows), so the planner may put the output partly
 * over the input, below it or (reversed) above it (KernelSpec.overlap, docs/kernels.md). */

/* How far apart a channel's taps lie in the input and the filter, and the input offset. */
typedef struct {
    int32_t tap, row;               /* input elements between taps of a row, between rows */
    int32_t filter_tap, filter_row; /* filter elements between taps of a row, between rows */
    int32_t input_offset;
} strides;

/* The sum over rows x taps of w * (x + input_offset) from the window's first tap at x and w. A function of its
 * own, so that the compiler gives its loops all the registers; rows of three taps (3x3 filters inside the input)
 * unrolled, their taps addressed from the row's first. */
static __attribute__((noinline)) int32_t window_sum(const int8_t *x, const int8_t *w, int32_t rows, int32_t taps,
                                                    const strides *s)
{
    const int32_t tap = s->tap, filter_tap = s->filter_tap, offset = s->input_offset;
    int32_t acc = 0;
    if (taps == 3) {
        for (; rows > 0; --rows, x += s->row, w += s->filter_row) {
            acc += w[0] * (x[0] + offset); /* symmetric weights: no offset */
            acc += w[filter_tap] * (x[tap] + offset);
            acc += w[2 * filter_tap] * (x[2 * tap] + offset);
        }
        return acc;
    }
    for (; rows > 0; --rows, x += s->row, w += s->filter_row) {
        const int8_t *xt = x, *wt = w;
        for (int32_t t = taps; t != 0; --t, xt += tap, wt += filter_tap) {
            acc += *wt * (*xt + offset);
        }
    }
    return acc;
}

/* The int8 kernel (int4_taps 0: `filter` int8) and the int4 one (`filter` packed, mg_int4.h: each output channel's
 * taps widened into int4_taps first, filter_height * filter_width bytes, a row of filter_width). */
static inline __attribute__((always_inline)) void
mg_depthwise_conv_2d_int8(const mg_depthwise_conv_2d_params *p, const int8_t *input, const void *filter,
                          const uint8_t *filter_scales, const int32_t *bias, int8_t *output, int8_t *int4_taps)
{
    const int32_t depth = p->geometry.input_depth, out_depth = p->geometry.output_depth;
    const int32_t out_width = p->geometry.output_width;
    const int32_t in_row = p->geometry.input_width * depth;          /* elements per input row */
    const int32_t in_image = p->geometry.input_height * in_row;      /* elements per input image */
    const int32_t filter_row = p->geometry.filter_width * out_depth; /* elements per filter row */
    const int32_t stride_h = p->geometry.stride_height, stride_w = p->geometry.stride_width;
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    const int32_t taps = p->geometry.filter_height * p->geometry.filter_width;
    const strides steps = {dil_w * depth, dil_h * in_row, int4_taps ? 1 : out_depth,
                           int4_taps ? p->geometry.filter_width : filter_row, p->input_offset};
    const int32_t output_offset = p->output_offset;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    const int32_t out_height = p->geometry.output_height;
    for (int32_t o = 0; o < out_depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        const mg_requantizer requant = mg_requantizer_make(multiplier, shift);
        const int32_t channel_bias = bias ? bias[o] : 0;
        const int8_t *in_channel = input + o / p->depth_multiplier; /* output channel o reads input channel c */
        const int8_t *w_channel = (const int8_t *)filter + o;
        if (int4_taps) { /* channel o's taps lie out_depth values apart */
            for (int32_t t = 0; t < taps; ++t) {
                int4_taps[t] = mg_int4_at(filter, o + t * out_depth);
            }
            w_channel = int4_taps;
        }
        for (int32_t b_i = 0; b_i < p->geometry.batches; ++b_i) {
            const int32_t b = p->reverse_rows ? p->geometry.batches - 1 - b_i : b_i;
            for (int32_t oy_i = 0; oy_i < out_height; ++oy_i) {
                const int32_t oy = p->reverse_rows ? out_height - 1 - oy_i : oy_i;
                int8_t *out = output + ((b * out_height + oy) * out_width) * out_depth + o;
                const int32_t y0 = oy * stride_h - p->geometry.pad_height;
                int32_t ky0, ky1;
                mg_conv_window_fast(y0, dil_h, p->geometry.input_height, p->geometry.filter_height, &ky0, &ky1);
                const int8_t *in_rows = in_channel + b * in_image + (y0 + ky0 * dil_h) * in_row;
                const int8_t *w_rows = w_channel + ky0 * steps.filter_row;
                int32_t x0 = -p->geometry.pad_width;
                for (int32_t ox = 0; ox < out_width; ++ox, x0 += stride_w) {
                    int32_t kx0, kx1;
                    mg_conv_window_fast(x0, dil_w, p->geometry.input_width, p->geometry.filter_width, &kx0, &kx1);
                    const int8_t *x_row = in_rows + (x0 + kx0 * dil_w) * depth;
                    const int8_t *w_row = w_rows + kx0 * steps.filter_tap;
                    int32_t acc = channel_bias + window_sum(x_row, w_row, ky1 - ky0, kx1 - kx0, &steps);
                    acc = mg_requantizer_apply(&requant, acc);
                    *out = (int8_t)mg_clamp(acc + output_offset, act_min, act_max);
                    out += out_depth;
                }
            }
        }
    }
}

#endif
