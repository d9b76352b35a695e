/* The walk both depth-multiplier DEPTHWISE_CONV_2D kernels share (depthwise_conv_2d_multiplier_s8_dsp.c and
 * _mve.c, depthwise_conv_2d.h says how): the block of widened input rows, the dilated windows' copies, the loop
 * over input channels, output rows and pixels. A backend brings a pixel's dot products. */
#ifndef MG_DW_MULTIPLIER_H
#define MG_DW_MULTIPLIER_H

#include <stddef.h>
#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_dsp_requant.h"
#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

/* Two filters (the pair's weights interleaved by four words) over the run of `words` words, from their channels'
 * doubled biases, requantized (mg_dsp_requant.h, before the activation clamp) into v[0] and v[1]; one filter into
 * v[0]. Each returns the weights after the ones it read. */
typedef const uint32_t *(*mg_dw_multiplier_dot)(const uint32_t *run, const uint32_t *w, int32_t words,
                                                const dsp_channel *ch, int32_t *v);

/* One output pixel of one input channel: its `multiplier` filters over the run into out[0 .. multiplier - 1],
 * clamped to the activation range. Returns the weights after the channel's. */
typedef const uint32_t *(*mg_dw_multiplier_pixel)(const uint32_t *run, const uint32_t *w, int32_t words,
                                                  const dsp_channel *ch, int8_t *out, int32_t multiplier,
                                                  int32_t act_min, int32_t act_max);

/* A pixel from a backend's dot products, two filters at a time, an odd multiplier's last alone. */
static inline __attribute__((always_inline)) const uint32_t *
mg_dw_multiplier_pixel_pairs(const uint32_t *run, const uint32_t *w, int32_t words, const dsp_channel *ch, int8_t *out,
                             int32_t multiplier, int32_t act_min, int32_t act_max, mg_dw_multiplier_dot pair,
                             mg_dw_multiplier_dot single)
{
    int32_t m = 0;
    for (; m + 2 <= multiplier; m += 2, ch += 2) {
        int32_t v[2];
        w = pair(run, w, words, ch, v);
        *out++ = (int8_t)dsp_clamp(v[0], act_min, act_max);
        *out++ = (int8_t)dsp_clamp(v[1], act_min, act_max);
    }
    if (m < multiplier) {
        int32_t v;
        w = single(run, w, words, ch, &v);
        *out = (int8_t)dsp_clamp(v, act_min, act_max);
    }
    return w;
}

/* The scratch of both kernels: the column (only with dilation_width), the block of `block_pixels` windows, and
 * room for the last window's run to be read on to a whole column's words. */
static inline size_t mg_dw_multiplier_scratch_bytes(int32_t filter_height, int32_t filter_width, int32_t block_pixels,
                                                    int32_t stride_width, int32_t dilation_width)
{
    const int32_t span =
        mg_depthwise_conv_2d_multiplier_dsp_span(filter_width, block_pixels, stride_width, dilation_width);
    const int32_t rows = mg_depthwise_conv_2d_multiplier_dsp_rows(filter_height);
    const int32_t words = mg_depthwise_conv_2d_multiplier_dsp_column_words(filter_height, filter_width);
    const size_t column = dilation_width != 1 ? (size_t)words * 4u : 0u;
    return column + (size_t)span * (size_t)rows * 2u + MG_DSP_DW_MULTIPLIER_TAPS * 2u;
}

/* count values of one input channel (src_step bytes apart) widened with the input offset into every step-th
 * int16 of dst; one input channel four bytes at a time (Helium: eight, a widening load and a scatter store, the
 * last ones predicated). Not inlined: its loop keeps its values in registers. */
static __attribute__((noinline)) void mg_dw_widen(const int8_t *src, int32_t src_step, int16_t *dst, int32_t step,
                                                  int32_t count, int32_t input_offset)
{
    int32_t i = 0;
#if defined(__ARM_FEATURE_MVE)
    if (src_step == 1) {
        const uint16x8_t offsets = vmulq_n_u16(vidupq_n_u16(0, 1), (uint16_t)step);
        for (; i < count; i += 8, src += 8, dst += 8 * step) {
            const mve_pred16_t lanes = vctp16q((uint32_t)(count - i));
            const int16x8_t v = vaddq_x_n_s16(vldrbq_z_s16(src, lanes), (int16_t)input_offset, lanes);
            vstrhq_scatter_shifted_offset_p_s16(dst, offsets, v, lanes);
        }
        return;
    }
#else
    if (src_step == 1) {
        const uint32_t off2 = dsp_pair(input_offset, input_offset);
        for (; i + 4 <= count; i += 4, src += 4, dst += 4 * step) {
            const uint32_t w = dsp_ld32(src);
            const uint32_t even = dsp_sxtab16(off2, w), odd = dsp_sxtab16_ror8(off2, w); /* (0, 2), (1, 3) */
            dst[0] = (int16_t)even;
            dst[step] = (int16_t)odd;
            dst[2 * step] = (int16_t)(even >> 16);
            dst[3 * step] = (int16_t)(odd >> 16);
        }
    }
#endif
    for (; i < count; ++i, src += src_step, dst += step) {
        *dst = (int16_t)(*src + input_offset);
    }
}

static __attribute__((noinline)) void mg_dw_zero(int16_t *dst, int32_t step, int32_t count)
{
    for (int32_t i = 0; i < count; ++i, dst += step) {
        *dst = 0;
    }
}

static __attribute__((noinline)) void mg_dw_zero_words(uint32_t *dst, int32_t count)
{
    for (int32_t i = 0; i < count; ++i) {
        dst[i] = 0;
    }
}

/* Input channel c of the input rows a block of windows reads, column by column: block[x * rows + ky] holds input
 * row origin + ky * dilation_height, column first + x, as int16 x + input_offset, zero outside the image (the row
 * past filter_height when `rows` rounds it up stays zero). A window without dilation_width is then one run of the
 * block: filter_width columns of `rows` values. With a whole row a block (not `blocked`) the columns outside the
 * image are zero from the start of the invoke and never written; with several, one block's padding may be where
 * the one before had the image, so they are zeroed again. */
static __attribute__((noinline)) void mg_dw_load_rows(const mg_conv_geometry *g, const int8_t *image, int32_t c,
                                                      int32_t origin, int32_t first, int32_t input_offset,
                                                      int16_t *block, int32_t span, int32_t rows, int blocked)
{
    const int32_t depth = g->input_depth;
    const int32_t lo = first >= 0 ? 0 : -first < span ? -first : span;
    const int32_t end = g->input_width - first < span ? g->input_width - first : span;
    const int32_t hi = end > lo ? end : lo;
    if (blocked) { /* whole columns of an even count of values: words */
        mg_dw_zero_words((uint32_t *)(void *)block, lo * rows / 2);
        mg_dw_zero_words((uint32_t *)(void *)(block + hi * rows), (span - hi) * rows / 2);
    }
    for (int32_t ky = 0; ky < g->filter_height; ++ky) {
        const int32_t iy = origin + ky * g->dilation_height;
        int16_t *dst = block + lo * rows + ky;
        if (iy < 0 || iy >= g->input_height) {
            mg_dw_zero(dst, rows, hi - lo);
        } else {
            mg_dw_widen(image + (iy * g->input_width + first + lo) * depth + c, depth, dst, rows, hi - lo,
                        input_offset);
        }
    }
}

/* A dilated window into the column: its filter_width columns of the block, `rows` values each (an even count). */
static void mg_dw_gather(const mg_conv_geometry *g, const int16_t *first, int32_t rows, uint32_t *column)
{
    const int32_t step = g->dilation_width * rows / 2, words = rows / 2;
    const uint32_t *src = (const uint32_t *)first;
    for (int32_t kx = 0; kx < g->filter_width; ++kx, src += step) {
        for (int32_t i = 0; i < words; ++i) {
            *column++ = src[i];
        }
    }
}

static inline __attribute__((always_inline)) void
mg_dw_multiplier_run(const mg_depthwise_conv_2d_multiplier_dsp_params *p, const int8_t *input, int8_t *output,
                     void *scratch, mg_dw_multiplier_pixel pixel)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t words = mg_depthwise_conv_2d_multiplier_dsp_column_words(g->filter_height, g->filter_width);
    const int32_t rows = mg_depthwise_conv_2d_multiplier_dsp_rows(g->filter_height);
    const int32_t multiplier = p->depth_multiplier, depth = g->output_depth, pixels = p->block_pixels;
    const int blocked = pixels < g->output_width;
    const int32_t size = (int32_t)(mg_dw_multiplier_scratch_bytes(g->filter_height, g->filter_width, pixels,
                                                                  g->stride_width, g->dilation_width) /
                                   4);
    uint32_t *column = scratch;
    int16_t *block = (int16_t *)(column + (g->dilation_width != 1 ? words : 0));
    for (int32_t i = 0; i < size; ++i) {
        column[i] = 0; /* the padding past the taps, the block's padding row, its columns outside the image, its tail */
    }
    const int32_t image_size = g->input_height * g->input_width * g->input_depth;
    const int32_t x_step = g->stride_width * rows;
    for (int32_t b = 0; b < g->batches; ++b) {
        const int8_t *image = input + b * image_size;
        int8_t *out_image = output + b * g->output_height * g->output_width * depth;
        const uint32_t *w_channel = (const uint32_t *)p->weights;
        for (int32_t c = 0; c < g->input_depth; ++c) {
            const uint32_t *w = w_channel;
            const dsp_channel *channels = (const dsp_channel *)p->channels + c * multiplier;
            for (int32_t oy = 0; oy < g->output_height; ++oy) {
                int8_t *out = out_image + oy * g->output_width * depth + c * multiplier;
                for (int32_t x0 = 0; x0 < g->output_width; x0 += pixels) {
                    const int32_t n = g->output_width - x0 < pixels ? g->output_width - x0 : pixels;
                    const int32_t span = mg_depthwise_conv_2d_multiplier_dsp_span(g->filter_width, n, g->stride_width,
                                                                                  g->dilation_width);
                    mg_dw_load_rows(g, image, c, oy * g->stride_height - g->pad_height,
                                    x0 * g->stride_width - g->pad_width, p->input_offset, block, span, rows, blocked);
                    for (int32_t ox = 0; ox < n; ++ox, out += depth) {
                        const uint32_t *window = (const uint32_t *)(block + ox * x_step);
                        if (g->dilation_width != 1) {
                            mg_dw_gather(g, block + ox * x_step, rows, column);
                            window = column;
                        }
                        w = pixel(window, w_channel, words, channels, out, multiplier, p->act_min, p->act_max);
                    }
                }
            }
            w_channel = w;
        }
    }
}

#endif
