/* TRANSPOSE_CONV int8, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference scatter (reference_integer_ops::
 * TransposeConv) with the filter widened to int16 once per invoke and each input pixel, input offset added, once
 * per pixel (mg_dsp_dot16.h); every in-bounds tap then adds four output channels at a time to the int32
 * accumulators, and the last pass requantizes them through the generated channel table, exact for the nodes
 * the generator gives this backend (mg_dsp_requant.h). */
#pragma GCC optimize("O2")
#include "mg_dsp_dot16.h"
#include "mg_dsp_requant.h"
#include "transpose_conv.h"

size_t mg_transpose_conv_s8_dsp_scratch_size(int32_t output_elements, int32_t filter_rows, int32_t input_depth)
{
    /* the accumulators, the widened filter rows (output channel, tap) and the widened pixel */
    return (size_t)output_elements * sizeof(int32_t) +
           ((size_t)filter_rows + 1u) * (size_t)mg_dsp_padded_depth(input_depth) * sizeof(int16_t);
}

/* The pixel x (widened) through the widened filter rows of one tap (a matrix of output_depth rows) into the
 * accumulators of one output position. */
static void add_tap(int32_t *acc, const int16_t *rows, int32_t out_depth, int32_t depth, const int16_t *x)
{
    int32_t o = 0;
    for (; o + 4 <= out_depth; o += 4) {
        mg_dsp_dot16_rows4(acc + o, rows + o * depth, x, depth);
    }
    for (; o < out_depth; ++o) {
        acc[o] = mg_dsp_dot16(rows + o * depth, x, depth, acc[o]);
    }
}

/* The pixel through the taps kx0..kx1-1 of one filter row (`rows`: its first tap's) into the accumulators of
 * their output positions (`acc`: the output position of tap 0). With whole blocks of four channels the taps' rows
 * and their outputs both lie end to end, so they are one matrix of (kx1 - kx0) * out_depth rows. */
static void add_taps(int32_t *acc, const int16_t *rows, int32_t out_depth, int32_t kx0, int32_t kx1, int32_t depth,
                     const int16_t *x)
{
    if (out_depth % 4 == 0) {
        add_tap(acc + kx0 * out_depth, rows + kx0 * out_depth * depth, (kx1 - kx0) * out_depth, depth, x);
        return;
    }
    for (int32_t kx = kx0; kx < kx1; ++kx) {
        add_tap(acc + kx * out_depth, rows + kx * out_depth * depth, out_depth, depth, x);
    }
}

/* The accumulators through the channel table (twice the accumulator plus the doubled bias, mg_dsp_requant.h). */
static void requantize(const mg_transpose_conv_params *p, const int32_t *acc, int8_t *output)
{
    /* channel by channel, its constants in registers (the int8 stores could alias the parameter block) */
    const int32_t depth = p->geometry.output_depth, count = mg_conv_output_elements(&p->geometry);
    const int32_t act_min = p->act_min, act_max = p->act_max;
    const dsp_channel *c = (const dsp_channel *)p->channels;
    for (int32_t o = 0; o < depth; ++o, ++c) {
        const int32_t bias = c->bias, multiplier = c->multiplier, offset = c->offset, shift = c->shift;
        if (act_min == INT8_MIN && act_max == INT8_MAX) { /* no activation: one SSAT */
            for (int32_t i = o; i < count; i += depth) {
                output[i] = (int8_t)dsp_ssat8(dsp_requant(acc[i] * 2 + bias, multiplier, offset, shift));
            }
            continue;
        }
        for (int32_t i = o; i < count; i += depth) {
            const int32_t value = dsp_requant(acc[i] * 2 + bias, multiplier, offset, shift);
            output[i] = (int8_t)dsp_clamp(value, act_min, act_max);
        }
    }
}

void mg_transpose_conv_s8_dsp(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                              int8_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = mg_dsp_padded_depth(g->input_depth), taps = g->filter_height * g->filter_width;
    const int32_t rows = g->output_depth * taps;
    int32_t *acc = scratch;
    int16_t *wide_filter = (int16_t *)(acc + mg_conv_output_elements(g));
    int16_t *x = wide_filter + rows * depth;
    mg_dsp_zero_words(acc, mg_conv_output_elements(g));
    for (int32_t t = 0; t < taps; ++t) { /* per tap, its output channels' rows as one matrix */
        mg_dsp_widen_matrix(filter + t * g->input_depth, g->output_depth, taps * g->input_depth, 1, g->input_depth, 0,
                            wide_filter + t * g->output_depth * depth);
    }
    const int8_t *pixel = input;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t iy = 0; iy < g->input_height; ++iy) {
            const int32_t oy = iy * g->stride_height - g->pad_height;
            int32_t ky0, ky1;
            mg_conv_window(oy, 1, g->output_height, g->filter_height, &ky0, &ky1);
            for (int32_t ix = 0; ix < g->input_width; ++ix, pixel += g->input_depth) {
                const int32_t ox = ix * g->stride_width - g->pad_width;
                int32_t kx0, kx1;
                mg_conv_window(ox, 1, g->output_width, g->filter_width, &kx0, &kx1);
                mg_dsp_widen(pixel, 1, g->input_depth, p->input_offset, x);
                for (int32_t ky = ky0; ky < ky1; ++ky) {
                    int32_t *row = acc + ((b * g->output_height + oy + ky) * g->output_width + ox) * g->output_depth;
                    add_taps(row, wide_filter + ky * g->filter_width * g->output_depth * depth, g->output_depth, kx0,
                             kx1, depth, x);
                }
            }
        }
    }
    requantize(p, acc, output);
}
