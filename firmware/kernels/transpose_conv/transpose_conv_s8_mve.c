/* TRANSPOSE_CONV int8, mve backend (Cortex-M55 Helium): TFLite Micro's reference_integer_ops::TransposeConv as a
 * gather instead of a scatter. Output row oy takes filter rows ky = (oy + pad) mod stride + j * stride only, from
 * input rows (oy + pad - ky) / stride; so the outputs of one stride phase (ry, rx) are a plain convolution of the
 * input with that phase's taps. The generator lays each phase's taps out as rows of (taps x input depth) per
 * output channel, in the order of the input they meet (ky and kx descending: mve_transpose_conv.phase_filters,
 * written over the filter's bytes when every phase has taps); per output row the input rows it
 * meets are stacked column by column (stack_rows), so that each output pixel's window is one run of the stack,
 * and the windows go through the mve matrix core (mg_mve_matmul.h) with the phase's requantization table, which
 * the generator computes (the input offset folded into the bias through the phase's weight sums: zero points
 * outside the input then add nothing). Every output element gets the same int32 terms as TFLite's scatter, in
 * another order (integer addition is associative modulo 2^32). A phase without taps (stride above the filter) is
 * a row of zero weights. */
#pragma GCC optimize("O3")
#include "transpose_conv.h"

#include "mg_mve.h"

/* Output pixels per call of the matrix core. */
#define ROWS 8
/* The two-row loop from this many blocks of 16 taps on: a window needs no im2col copy, only the interleaving. */
#define PAIR_BLOCKS 2

/* The taps of phase r of a filter dimension of `size` taps with stride `stride`. */
static int32_t phase_taps(int32_t r, int32_t size, int32_t stride)
{
    return r < size ? (size - r + stride - 1) / stride : 0;
}

/* Bytes of one phase's filter row: its taps times the input depth (one tap of zeros for a phase without taps). */
static int32_t phase_depth(int32_t ry, int32_t rx, int32_t fh, int32_t fw, int32_t sh, int32_t sw, int32_t depth)
{
    const int32_t taps = phase_taps(ry, fh, sh) * phase_taps(rx, fw, sw);
    return (taps ? taps : 1) * depth;
}

/* Columns of zero points after the input's in the stacked rows: the last output column's window may lie past the
 * input (an output larger than the input reaches). */
static int32_t right_columns(int32_t input_width, int32_t output_width, int32_t pad_width, int32_t stride_width)
{
    const int32_t past = (output_width - 1 + pad_width) / stride_width - (input_width - 1);
    return past > 0 ? past : 0;
}

/* Bytes of the stacked input rows (stack_rows): nky pixels per column, reach columns before the input's, right
 * after. */
static size_t stack_bytes(int32_t width, int32_t reach, int32_t right, int32_t nky, int32_t depth)
{
    return (size_t)(reach + width + right) * (size_t)nky * (size_t)depth;
}

size_t mg_transpose_conv_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width, int32_t stride_height,
                                             int32_t stride_width, int32_t input_width, int32_t output_width,
                                             int32_t pad_width, int32_t output_depth, int32_t input_depth)
{
    /* the stacked input rows, ROWS / 2 interleaved pairs of rows, ROWS pixels' outputs */
    size_t widest = 0;
    for (int32_t ry = 0; ry < stride_height; ++ry) {
        for (int32_t rx = 0; rx < stride_width; ++rx) {
            const size_t d =
                (size_t)phase_depth(ry, rx, filter_height, filter_width, stride_height, stride_width, input_depth);
            widest = d > widest ? d : widest;
        }
    }
    const size_t stack = stack_bytes(input_width, phase_taps(0, filter_width, stride_width) - 1,
                                     right_columns(input_width, output_width, pad_width, stride_width),
                                     phase_taps(0, filter_height, stride_height), input_depth);
    return stack + ROWS / 2 * 32 * ((widest + 15) / 16) + ROWS * (size_t)output_depth;
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_matmul.h"

/* One stride phase: its taps per dimension, its filter rows and table. */
typedef struct {
    int32_t ry, rx, nky, nkx, depth;
    const int8_t *filter;
    const int32_t *table;
} phase;

/* The input rows qy - nky + 1 .. qy of a phase (nky > 0) side by side: per column x (from -reach to the width +
 * right) the nky pixels one after another, zero points outside the input; so the window of the output pixel whose
 * taps meet columns qx - nkx + 1 .. qx is one run, and the next pixel's starts nky pixels further. */
static void stack_rows(const mg_conv_geometry *g, int32_t qy, int32_t nky, int32_t reach, int32_t right, int8_t zp,
                       const int8_t *image, int8_t *stack)
{
    const int32_t depth = g->input_depth, column = nky * depth, width = g->input_width;
    mve_fill_s8(stack, zp, reach * column);
    mve_fill_s8(stack + (reach + width) * column, zp, right * column);
    for (int32_t a = 0, y = qy - nky + 1; a < nky; ++a, ++y) {
        int8_t *dst = stack + reach * column + a * depth;
        if (y < 0 || y >= g->input_height) {
            for (int32_t x = 0; x < width; ++x, dst += column) {
                mve_fill_s8(dst, zp, depth);
            }
            continue;
        }
        const int8_t *src = image + y * width * depth;
        for (int32_t x = 0; x < width; ++x, dst += column, src += depth) {
            mve_copy_s8(dst, src, depth);
        }
    }
}

/* n rows of the phase's depth, row_stride apart from x, through the matrix core: interleaved pairs through the
 * two-row loop when it pays (PAIR_BLOCKS) and no channel shifts left, the rest through the one-row loop;
 * their outputs one after another at outs. */
static void matmul(mve_rows_args *a, mve_pairs_args *pa, int32_t left, const int8_t *x, int32_t row_stride, int32_t n,
                   int8_t *pair_area, int8_t *outs)
{
    const int32_t pairs = !left && a->depth > 16 * (PAIR_BLOCKS - 1) ? n >> 1 : 0;
    if (pairs) {
        mve_pairs_of_rows(pa, x, row_stride, pairs, pair_area, outs);
    }
    if (2 * pairs < n) {
        a->x = x + 2 * pairs * row_stride;
        a->out = outs + 2 * pairs * pa->channels;
        a->rows = n - 2 * pairs;
        a->row_stride = row_stride;
        mve_rows(a, left);
    }
}

/* The phase's filter rows and table into the core's arguments. */
static void use_phase(mve_rows_args *a, mve_pairs_args *pa, const phase *ph)
{
    a->w = ph->filter;
    a->table = ph->table;
    a->depth = ph->depth;
    for (int32_t i = 1; i < 4; ++i) {
        a->last_rows[i - 1] = i < a->last_count ? i * ph->depth : 0;
    }
    mve_pairs_init(pa, a, pa->channels);
}

/* The outputs of phases (ry, 0 .. sw - 1) in output row oy from the stacked input rows: ROWS pixels per call of
 * the core, then each pixel's outputs to its place. */
static void run_row(const mg_conv_geometry *g, const phase *row_phases, int32_t oy, const int8_t *stack, int32_t reach,
                    int8_t *output, mve_rows_args *a, mve_pairs_args *pa, int32_t left, int8_t *pair_area, int8_t *outs)
{
    const int32_t sw = g->stride_width, out_depth = g->output_depth;
    for (int32_t rx = 0; rx < sw; ++rx) {
        const phase *ph = &row_phases[rx];
        const int32_t column = ph->nky * g->input_depth, ox0 = ((rx - g->pad_width) % sw + sw) % sw;
        use_phase(a, pa, ph);
        for (int32_t ox = ox0; ox < g->output_width; ox += ROWS * sw) {
            const int32_t qx = (ox + g->pad_width - rx) / sw, left_pixels = (g->output_width - ox + sw - 1) / sw;
            const int32_t n = left_pixels < ROWS ? left_pixels : ROWS;
            if (ph->nky && ph->nkx) {
                matmul(a, pa, left, stack + (qx - ph->nkx + 1 + reach) * column, column, n, pair_area, outs);
            } else { /* zero weights against any row */
                matmul(a, pa, left, stack, 0, n, pair_area, outs);
            }
            for (int32_t i = 0; i < n; ++i) {
                mve_copy_s8(output + (oy * g->output_width + ox + i * sw) * out_depth, outs + i * out_depth, out_depth);
            }
        }
    }
}

void mg_transpose_conv_s8_mve(const mg_transpose_conv_params *p, const int8_t *input, int8_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t sh = g->stride_height, sw = g->stride_width, out_depth = g->output_depth;
    const int32_t fh = g->filter_height, fw = g->filter_width, groups = (out_depth + 3) / 4;
    const int32_t reach = phase_taps(0, fw, sw) - 1, left = p->left_shift, stride = MVE_TABLE_STRIDE(left);
    const int32_t right = right_columns(g->input_width, g->output_width, g->pad_width, sw);
    const int8_t zp = (int8_t)(-p->input_offset);
    const int8_t *next = (const int8_t *)p->phase_filters;
    phase phases[sh * sw];
    int32_t widest = 0;
    for (int32_t i = 0; i < sh * sw; ++i) {
        phase *ph = &phases[i];
        ph->ry = i / sw, ph->rx = i % sw;
        ph->nky = phase_taps(ph->ry, fh, sh), ph->nkx = phase_taps(ph->rx, fw, sw);
        ph->depth = phase_depth(ph->ry, ph->rx, fh, fw, sh, sw, g->input_depth);
        ph->filter = next, ph->table = p->channels + i * groups * stride;
        next += ph->depth * out_depth;
        widest = ph->depth > widest ? ph->depth : widest;
    }
    int8_t *stack = scratch, /* the layout of mg_transpose_conv_s8_mve_scratch_size */
        *pair_area = stack + stack_bytes(g->input_width, reach, right, phase_taps(0, fh, sh), g->input_depth);
    int8_t *outs = pair_area + ROWS / 2 * mve_pair_bytes(widest);
    mve_rows_args a;
    mve_pairs_args pa;
    mve_rows_init(&a, phases[0].filter, p->channels, g->input_depth, out_depth, p->output_offset, p->act_min,
                  p->act_max);
    pa.channels = out_depth;
    const int32_t image = g->input_height * g->input_width * g->input_depth;
    const int32_t out_image = g->output_height * g->output_width * out_depth;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t ry = 0; ry < sh; ++ry) {
            const phase *row_phases = &phases[ry * sw];
            for (int32_t oy = ((ry - g->pad_height) % sh + sh) % sh; oy < g->output_height; oy += sh) {
                if (row_phases->nky) {
                    stack_rows(g, (oy + g->pad_height - ry) / sh, row_phases->nky, reach, right, zp, input + b * image,
                               stack);
                }
                run_row(g, row_phases, oy, stack, reach, output + b * out_image, &a, &pa, left, pair_area, outs);
            }
        }
    }
}

#endif
