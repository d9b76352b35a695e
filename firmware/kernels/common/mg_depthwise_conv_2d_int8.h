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
 * bias, the per-channel requantization, the output offset and the activation clamp. With depth multiplier 1
 * output channels are the outer loop, so each channel's multiplier and shift are computed once per invoke; a
 * channel reads only its own input channel, row by row (last row first with reverse_rows), so the planner may put
 * the output partly over the input, below it or (reversed) above it (KernelSpec.overlap, docs/kernels.md). With a
 * multiplier several output channels read one input channel, and channel by channel each would read the whole
 * input again: the rows are the outer loop instead (a row's channels one after another, their multiplier and
 * shift computed again per row), so the output may overlap the input row by row. */

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

/* What an output channel's rows read: its requantization and bias, its input channel and its taps. */
typedef struct {
    mg_requantizer requant;
    int32_t bias;
    const int8_t *input, *weights;
} channel;

/* Output channel o (int4_taps 0: `filter` int8; else packed, mg_int4.h, and channel o's taps widened into int4_taps
 * first, filter_height * filter_width bytes, a row of filter_width). */
static inline __attribute__((always_inline)) channel channel_of(const mg_depthwise_conv_2d_params *p,
                                                                const int8_t *input, const void *filter,
                                                                const uint8_t *filter_scales, const int32_t *bias,
                                                                int32_t o, int8_t *int4_taps)
{
    int32_t multiplier, shift;
    mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
    channel ch = {mg_requantizer_make(multiplier, shift), bias ? bias[o] : 0, input + o / p->depth_multiplier,
                  (const int8_t *)filter + o};
    if (int4_taps) { /* channel o's taps lie out_depth values apart */
        const int32_t taps = p->geometry.filter_height * p->geometry.filter_width;
        for (int32_t t = 0; t < taps; ++t) {
            int4_taps[t] = mg_int4_at(filter, o + t * p->geometry.output_depth);
        }
        ch.weights = int4_taps;
    }
    return ch;
}

/* Row oy of batch b of output channel o (one function for both loop orders, so the firmware holds it once). */
static __attribute__((noinline)) void channel_row(const mg_depthwise_conv_2d_params *p, const channel *ch,
                                                  const strides *steps, int32_t b, int32_t oy, int32_t o,
                                                  int8_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->input_depth, out_depth = g->output_depth, out_width = g->output_width;
    const int32_t in_row = g->input_width * depth;
    const int32_t output_offset = p->output_offset, act_min = p->act_min, act_max = p->act_max;
    const int32_t stride_w = g->stride_width, dil_w = g->dilation_width, dil_h = g->dilation_height;
    int8_t *out = output + (b * g->output_height + oy) * out_width * out_depth + o;
    const int32_t y0 = oy * g->stride_height - g->pad_height;
    int32_t ky0, ky1;
    mg_conv_window_fast(y0, dil_h, g->input_height, g->filter_height, &ky0, &ky1);
    const int8_t *in_rows = ch->input + b * g->input_height * in_row + (y0 + ky0 * dil_h) * in_row;
    const int8_t *w_rows = ch->weights + ky0 * steps->filter_row;
    int32_t x0 = -g->pad_width;
    for (int32_t ox = 0; ox < out_width; ++ox, x0 += stride_w) {
        int32_t kx0, kx1;
        mg_conv_window_fast(x0, dil_w, g->input_width, g->filter_width, &kx0, &kx1);
        const int8_t *x_row = in_rows + (x0 + kx0 * dil_w) * depth;
        const int8_t *w_row = w_rows + kx0 * steps->filter_tap;
        int32_t acc = ch->bias + window_sum(x_row, w_row, ky1 - ky0, kx1 - kx0, steps);
        acc = mg_requantizer_apply(&ch->requant, acc);
        *out = (int8_t)mg_clamp(acc + output_offset, act_min, act_max);
        out += out_depth;
    }
}

/* The int8 kernel (int4_taps 0: `filter` int8) and the int4 one (`filter` packed: channel_of). */
static inline __attribute__((always_inline)) void
mg_depthwise_conv_2d_int8(const mg_depthwise_conv_2d_params *p, const int8_t *input, const void *filter,
                          const uint8_t *filter_scales, const int32_t *bias, int8_t *output, int8_t *int4_taps)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t out_depth = g->output_depth, batches = g->batches, height = g->output_height;
    const int32_t in_row = g->input_width * g->input_depth; /* elements per input row */
    const strides steps = {g->dilation_width * g->input_depth, g->dilation_height * in_row, int4_taps ? 1 : out_depth,
                           int4_taps ? g->filter_width : g->filter_width * out_depth, p->input_offset};
    const int reverse = p->reverse_rows;
    if (p->depth_multiplier == 1) { /* channel planes */
        for (int32_t o = 0; o < out_depth; ++o) {
            const channel ch = channel_of(p, input, filter, filter_scales, bias, o, int4_taps);
            for (int32_t b_i = 0; b_i < batches; ++b_i) {
                for (int32_t oy_i = 0; oy_i < height; ++oy_i) {
                    const int32_t b = reverse ? batches - 1 - b_i : b_i, oy = reverse ? height - 1 - oy_i : oy_i;
                    channel_row(p, &ch, &steps, b, oy, o, output);
                }
            }
        }
        return;
    }
    for (int32_t b_i = 0; b_i < batches; ++b_i) { /* rows, each channel by channel */
        for (int32_t oy_i = 0; oy_i < height; ++oy_i) {
            const int32_t b = reverse ? batches - 1 - b_i : b_i, oy = reverse ? height - 1 - oy_i : oy_i;
            for (int32_t o = 0; o < out_depth; ++o) {
                const channel ch = channel_of(p, input, filter, filter_scales, bias, o, int4_taps);
                channel_row(p, &ch, &steps, b, oy, o, output);
            }
        }
    }
}

#endif
