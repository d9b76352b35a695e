/* CONV_2D 16x8, mve backend (Cortex-M55): TFLite Micro's reference ConvPerChannel for int16 input
 * (conv_2d_s16.c): each output pixel's window becomes one int16 im2col row (zeros for the padding), which meets
 * every filter row in the 16x8 matrix core (mg_mve_matmul_s16.h). */
#include <string.h>

#include "conv_2d.h"
#include "mg_mve_matmul_s16.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

/* n int16 values (a multiple of 8) from src, or zeros for NULL, to dst, a vector at a time. */
static inline void copy_vectors(int16_t *dst, const int16_t *src, int32_t n)
{
    if (!src) {
        for (int32_t c = 0; c < n; c += 8) {
            vstrhq_s16(dst + c, vdupq_n_s16(0));
        }
        return;
    }
    for (int32_t c = 0; c < n; c += 8) {
        vstrhq_s16(dst + c, vldrhq_s16(src + c));
    }
}

/* n int16 values from src, or zeros for NULL, to dst. */
static inline void copy_run(int16_t *dst, const int16_t *src, int32_t n)
{
    if (n % 8 == 0) {
        copy_vectors(dst, src, n);
    } else if (src) {
        memcpy(dst, src, (size_t)n * sizeof(int16_t));
    } else {
        memset(dst, 0, (size_t)n * sizeof(int16_t));
    }
}

/* The window of output pixel (b, oy, ox) as one row of taps in (ky, kx, c) order: a filter row whose taps all lie
 * inside the input (no dilation) is one run of the input, others go tap by tap. */
static void im2col_row(const mg_conv_geometry *g, const int16_t *image, int32_t oy, int32_t ox, int16_t *row)
{
    const int32_t y0 = oy * g->stride_height - g->pad_height, x0 = ox * g->stride_width - g->pad_width;
    const int32_t depth = g->input_depth, filter_row = g->filter_width * depth;
    const int whole_rows = g->dilation_width == 1 && x0 >= 0 && x0 + g->filter_width <= g->input_width;
    for (int32_t ky = 0; ky < g->filter_height; ++ky, row += filter_row) {
        const int32_t y = y0 + ky * g->dilation_height;
        const int16_t *line = y >= 0 && y < g->input_height ? image + y * g->input_width * depth : 0;
        if (whole_rows || !line) {
            copy_run(row, line ? line + x0 * depth : 0, filter_row);
            continue;
        }
        for (int32_t kx = 0; kx < g->filter_width; ++kx) {
            const int32_t x = x0 + kx * g->dilation_width;
            copy_run(row + kx * depth, x >= 0 && x < g->input_width ? line + x * depth : 0, depth);
        }
    }
}

void mg_conv_2d_s16_mve(const mg_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                        const uint8_t *filter_scales, const void *bias, int16_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth, depth = g->output_depth;
    mg_dsp_s16_channel *table = scratch; /* the layout of mg_conv_2d_s16_mve_scratch_size */
    int16_t *row = (int16_t *)(table + depth);
    int all_fast = 1;
    for (int32_t o = 0; o < depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        table[o] = mg_dsp_s16_channel_of(multiplier, shift, p->accumulator_64, bias, o);
        all_fast &= table[o].fast_multiplier != 0;
    }
    mg_mve_s16_rows rows = {filter, taps, depth, table, all_fast, {p->accumulator_64, 0, 0, 0, p->act_min, p->act_max}};
    for (int32_t b = 0; b < g->batches; ++b) {
        const int16_t *image = input + b * g->input_height * g->input_width * g->input_depth;
        for (int32_t oy = 0; oy < g->output_height; ++oy) {
            for (int32_t ox = 0; ox < g->output_width; ++ox, output += depth) {
                im2col_row(g, image, oy, ox, row);
                mg_matmul_rows_s16_mve(&rows, row, output);
            }
        }
    }
}

mg_status mg_conv_2d_s16_mve_prepare(mg_node *node)
{
    const mg_conv_geometry *g = &((const mg_conv_2d_params *)node->params)->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth;
    return mg_conv_2d_s16_backend_prepare(node, mg_conv_2d_s16_mve_scratch_size(taps, g->output_depth));
}

#endif
