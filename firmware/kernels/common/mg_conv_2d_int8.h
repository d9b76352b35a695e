/* The int8 CONV_2D of the reference kernels, over int8 filters (conv_2d_s8.c) or int4 filters widened channel by
 * channel into scratch (conv_2d_s4.c): one body, two type files, so that a firmware links only the one its nodes
 * use (generator/emit/pruning.py). */
#ifndef MG_CONV_2D_INT8_H
#define MG_CONV_2D_INT8_H

#include "conv_2d.h"
#include "mg_fixedpoint.h"
#include "mg_int4.h"
#include "mg_requant.h"

/* TFLite Micro's reference ConvPerChannel: per output channel, the taps in (ky, kx, c) order, then the bias,
 * the per-channel requantization, the output offset and the activation clamp. Output channels are the outer
 * loop of each pass over rows_per_pass output rows (counted over all batches): with every row in one pass, each
 * channel's multiplier and shift are computed once per invoke; with one row per pass, a pass reads only input
 * rows from its window's first on (up to its window's last with the passes last first, rows_per_pass -1), so
 * the planner may put the output partly over the input, below it or above it (KernelSpec.overlap,
 * docs/kernels.md).
 *
 * The taps of a filter row inside the input are one contiguous run of the input row when the filter reads every
 * input channel (one group) without dilation: one mg_dot_s8 per filter row then, else one per tap; a 1x1 filter
 * without padding (pointwise) skips the window arithmetic altogether. */

/* How a window's taps lie in the input and the filter, and the input offset. */
typedef struct {
    int32_t row, filter_row;  /* input and filter elements between the window's rows */
    int32_t tap, group_depth; /* input elements between taps of a row; the channels each tap reads */
    int32_t input_offset;
    int contiguous; /* one group, no dilation: a row's taps are one run of the input row */
} strides;

/* The sum over rows x taps of w . (x + input_offset) from the window's first tap at x and w. A function of its
 * own, so that the compiler keeps the loops' few values in registers. */
static __attribute__((noinline)) int32_t window_sum(const int8_t *x, const int8_t *w, int32_t rows, int32_t taps,
                                                    const strides *s)
{
    int32_t acc = 0;
    if (s->contiguous) { /* one run per row: the row loop around the inner product, no call */
        const int32_t run = taps * s->group_depth, offset = s->input_offset;
        for (; rows > 0; --rows, x += s->row, w += s->filter_row) {
            acc += mg_dot_s8_inline(x, w, run, offset); /* symmetric weights: no offset */
        }
        return acc;
    }
    const int32_t runs = taps, run = s->group_depth;
    for (; rows > 0; --rows, x += s->row, w += s->filter_row) {
        const int8_t *xr = x, *wr = w;
        for (int32_t r = runs; r != 0; --r, xr += s->tap, wr += s->group_depth) {
            acc += mg_dot_s8(xr, wr, run, s->input_offset); /* symmetric weights: no offset */
        }
    }
    return acc;
}

/* The int8 kernel (int4_channel 0: `filter` int8) and the int4 one (`filter` packed, mg_int4.h: each output
 * channel's filter widened into int4_channel first, filter_height * filter_width * filter_input_depth bytes). */
static inline __attribute__((always_inline)) void mg_conv_2d_int8(const mg_conv_2d_params *p, const int8_t *input,
                                                                  const void *filter, const uint8_t *filter_scales,
                                                                  const int32_t *bias, int8_t *output,
                                                                  int8_t *int4_channel)
{
    const int32_t depth = p->geometry.input_depth, group_depth = p->filter_input_depth;
    const int32_t out_depth = p->geometry.output_depth, out_width = p->geometry.output_width;
    const int32_t in_row = p->geometry.input_width * depth;             /* elements per input row */
    const int32_t in_image = p->geometry.input_height * in_row;         /* elements per input image */
    const int32_t filter_row = p->geometry.filter_width * group_depth;  /* elements per filter row */
    const int32_t filter_size = p->geometry.filter_height * filter_row; /* elements per output channel */
    const int32_t stride_h = p->geometry.stride_height, stride_w = p->geometry.stride_width;
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    const strides steps = {dil_h * in_row, filter_row,      dil_w * depth,
                           group_depth,    p->input_offset, group_depth == depth && dil_w == 1};
    const int pointwise = p->geometry.filter_height == 1 && p->geometry.filter_width == 1 &&
                          p->geometry.pad_height == 0 && p->geometry.pad_width == 0;
    const int32_t pixel_step = stride_w * depth; /* input elements between the pixels of a 1x1 filter */
    const int32_t output_offset = p->output_offset;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    const int32_t out_height = p->geometry.output_height, rows = p->geometry.batches * out_height;
    const int32_t band = p->rows_per_pass > 0 ? p->rows_per_pass : (p->rows_per_pass < 0 ? -p->rows_per_pass : rows);
    const int32_t passes = (rows + band - 1) / band;
    for (int32_t pass = 0; pass < passes; ++pass) {
        const int32_t first = (p->rows_per_pass < 0 ? passes - 1 - pass : pass) * band;
        const int32_t end = rows - first > band ? first + band : rows;
        for (int32_t o = 0; o < out_depth; ++o) {
            int32_t multiplier, shift;
            mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
            const mg_requantizer requant = mg_requantizer_make(multiplier, shift);
            const int32_t channel_bias = bias ? bias[o] : 0;
            const int8_t *in_group = input + (o / p->filters_per_group) * group_depth;
            const int8_t *w_channel = (const int8_t *)filter + o * filter_size;
            if (int4_channel) {
                mg_unpack_int4(filter, o * filter_size, filter_size, int4_channel);
                w_channel = int4_channel;
            }
            int8_t *out = output + first * out_width * out_depth + o;
            for (int32_t row = first; row < end; ++row) {
                const int32_t b = row / out_height, oy = row - b * out_height;
                const int32_t y0 = oy * stride_h - p->geometry.pad_height;
                int32_t ky0, ky1;
                mg_conv_window_fast(y0, dil_h, p->geometry.input_height, p->geometry.filter_height, &ky0, &ky1);
                const int8_t *in_rows = in_group + b * in_image + (y0 + ky0 * dil_h) * in_row;
                const int8_t *w_rows = w_channel + ky0 * filter_row;
                if (pointwise && ky1 > ky0) { /* every window one tap inside the input: no window to compute */
                    const int8_t *x = in_rows;
                    for (int32_t ox = 0; ox < out_width; ++ox, x += pixel_step) {
                        int32_t acc = channel_bias + mg_dot_s8(x, w_channel, group_depth, steps.input_offset);
                        acc = mg_requantizer_apply(&requant, acc);
                        *out = (int8_t)mg_clamp(acc + output_offset, act_min, act_max);
                        out += out_depth;
                    }
                    continue;
                }
                int32_t x0 = -p->geometry.pad_width;
                for (int32_t ox = 0; ox < out_width; ++ox, x0 += stride_w) {
                    int32_t kx0, kx1;
                    mg_conv_window_fast(x0, dil_w, p->geometry.input_width, p->geometry.filter_width, &kx0, &kx1);
                    const int8_t *x_row = in_rows + (x0 + kx0 * dil_w) * depth;
                    const int8_t *w_row = w_rows + kx0 * group_depth;
                    /* TFLite adds the bias last: the same int32 sum */
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
