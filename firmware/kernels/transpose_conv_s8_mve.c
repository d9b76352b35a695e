/* TRANSPOSE_CONV int8, mve backend (Cortex-M55 Helium): TFLite Micro's reference_integer_ops::TransposeConv as a
 * gather instead of a scatter. Output row oy takes filter rows ky = (oy + pad) mod stride + j * stride only, from
 * input rows (oy + pad - ky) / stride; so the outputs of one stride phase (ry, rx) are a plain convolution of the
 * input with that phase's taps. Per phase the filter's taps are rearranged once per invoke into rows of
 * (taps x input depth) per output channel, in the order of the input they meet (ky and kx descending, so a run of
 * taps is a run of the input); each output pixel's window is copied into an im2col row (zero points outside the
 * input, which add nothing once the input offset is folded into the bias) and the rows go through the mve
 * matrix core (mg_mve_matmul.h) with a requantization table per phase: bias + input_offset * the row's sum.
 * Every output element gets the same int32 terms as TFLite's scatter, in another order (integer addition is
 * associative modulo 2^32). A phase without taps (stride above the filter) is a row of zero weights. */
#pragma GCC optimize("O3")
#include "transpose_conv.h"

#include "mg_mve.h"

/* Output pixels im2col'ed per call of the matrix core. */
#define ROWS 8

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

size_t mg_transpose_conv_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width, int32_t stride_height,
                                             int32_t stride_width, int32_t output_depth, int32_t input_depth)
{
    /* words: a requantization table per phase; bytes: the phases' filter rows, ROWS im2col rows, ROWS outputs */
    size_t filters = 0, widest = 0;
    for (int32_t ry = 0; ry < stride_height; ++ry) {
        for (int32_t rx = 0; rx < stride_width; ++rx) {
            const size_t d =
                (size_t)phase_depth(ry, rx, filter_height, filter_width, stride_height, stride_width, input_depth);
            filters += d * (size_t)output_depth;
            widest = d > widest ? d : widest;
        }
    }
    const size_t tables = (size_t)stride_height * stride_width * ((output_depth + 3) / 4) * MVE_TABLE_STRIDE(1);
    return tables * sizeof(int32_t) + filters + ROWS * (widest + (size_t)output_depth);
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_dot.h"
#include "mg_mve_matmul.h"

/* One stride phase: its taps per dimension, its filter rows and table. */
typedef struct {
    int32_t ry, rx, nky, nkx, depth;
    const int8_t *filter;
    const int32_t *table;
} phase;

/* The phase's filter rows (channel after channel) and its table: the first phase's multipliers and shifts (`base`,
 * built by the caller) with bias + input_offset * the row's sum. */
static void build_phase(const mg_transpose_conv_params *p, const int8_t *filter, const int32_t *bias,
                        const int32_t *base, int32_t stride, const phase *ph, int8_t *rows, int32_t *table)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->input_depth, out_depth = g->output_depth;
    for (int32_t o = 0; o < out_depth; ++o) {
        int8_t *row = rows + o * ph->depth;
        if (ph->nky == 0 || ph->nkx == 0) {
            mve_fill_s8(row, 0, ph->depth);
        }
        for (int32_t a = 0; a < ph->nky; ++a) {
            const int32_t ky = ph->ry + (ph->nky - 1 - a) * g->stride_height;
            for (int32_t c = 0; c < ph->nkx; ++c) {
                const int32_t kx = ph->rx + (ph->nkx - 1 - c) * g->stride_width;
                mve_copy_s8(row + (a * ph->nkx + c) * depth,
                            filter + ((o * g->filter_height + ky) * g->filter_width + kx) * depth, depth);
            }
        }
    }
    const int32_t groups = (out_depth + 3) / 4;
    for (int32_t i = 0; i < groups * stride; ++i) {
        table[i] = base[i];
    }
    for (int32_t o = 0; o < 4 * groups; ++o) {
        const int32_t c = o < out_depth ? o : 0;
        const int32_t sum = mg_mve_sum_s8(rows + c * ph->depth, ph->depth);
        table[(o / 4) * stride + o % 4] = (bias ? bias[c] : 0) + p->input_offset * sum;
    }
}

/* The multipliers and shifts of every channel into a table (biases left for build_phase); 1 when some shift is
 * to the left (the table then has the left-shift words). */
static int32_t build_base(const mg_transpose_conv_params *p, const uint8_t *filter_scales, int32_t *table)
{
    const int32_t depth = p->geometry.output_depth, groups = (depth + 3) / 4;
    int32_t multipliers[4 * groups], shifts[4 * groups], left = 0;
    for (int32_t o = 0; o < 4 * groups; ++o) {
        if (o < depth) {
            mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multipliers[o],
                               &shifts[o]);
        } else {
            multipliers[o] = multipliers[0], shifts[o] = shifts[0];
        }
        left |= shifts[o] > 0;
    }
    const int32_t stride = MVE_TABLE_STRIDE(left);
    for (int32_t o = 0; o < 4 * groups; ++o) {
        int32_t *t = table + (o / 4) * stride + o % 4;
        t[4] = multipliers[o];
        t[8] = shifts[o] < 0 ? shifts[o] : 0;
        if (left) {
            t[12] = shifts[o] > 0 ? shifts[o] : 0;
        }
    }
    return left;
}

/* The im2col row of the phase's output pixel whose taps meet input rows qy - nky + 1 .. qy and columns
 * qx - nkx + 1 .. qx; outside the input, the zero point. */
static void window_row(const mg_conv_geometry *g, const phase *ph, const int8_t *image, int32_t qy, int32_t qx,
                       int8_t zp, int8_t *row)
{
    const int32_t depth = g->input_depth, run = ph->nkx * depth;
    if (ph->nky == 0 || ph->nkx == 0) {
        return; /* zero weights: any values */
    }
    const int32_t x0 = qx - ph->nkx + 1;
    const int32_t c0 = x0 < 0 ? -x0 : 0, c1 = qx >= g->input_width ? ph->nkx - (qx - g->input_width + 1) : ph->nkx;
    for (int32_t a = 0, y = qy - ph->nky + 1; a < ph->nky; ++a, ++y, row += run) {
        if (y < 0 || y >= g->input_height || c1 <= c0) {
            mve_fill_s8(row, zp, run);
            continue;
        }
        const int8_t *src = image + (y * g->input_width + x0) * depth;
        if (c0 > 0) {
            mve_fill_s8(row, zp, c0 * depth);
        }
        mve_copy_s8(row + c0 * depth, src + c0 * depth, (c1 - c0) * depth);
        if (c1 < ph->nkx) {
            mve_fill_s8(row + c1 * depth, zp, (ph->nkx - c1) * depth);
        }
    }
}

/* Every output pixel of the phase: ROWS im2col rows at a time through the matrix core, then each pixel's outputs
 * to its place. */
static void run_phase(const mg_conv_geometry *g, const phase *ph, const int8_t *image, int8_t *output, int8_t zp,
                      mve_rows_args *a, int32_t left, int8_t *rows, int8_t *outs)
{
    const int32_t sh = g->stride_height, sw = g->stride_width, out_depth = g->output_depth;
    const int32_t oy0 = ((ph->ry - g->pad_height) % sh + sh) % sh, ox0 = ((ph->rx - g->pad_width) % sw + sw) % sw;
    a->w = ph->filter;
    a->table = ph->table;
    a->depth = ph->depth;
    a->row_stride = ph->depth;
    a->x = rows;
    a->out = outs;
    for (int32_t i = 1; i < 4; ++i) {
        a->last_rows[i - 1] = i < a->last_count ? i * ph->depth : 0;
    }
    for (int32_t oy = oy0; oy < g->output_height; oy += sh) {
        const int32_t qy = (oy + g->pad_height - ph->ry) / sh;
        for (int32_t ox = ox0; ox < g->output_width; ox += ROWS * sw) {
            const int32_t end = ox + ROWS * sw < g->output_width ? ox + ROWS * sw : g->output_width;
            int32_t n = 0;
            for (int32_t x = ox; x < end; x += sw, ++n) {
                window_row(g, ph, image, qy, (x + g->pad_width - ph->rx) / sw, zp, rows + n * ph->depth);
            }
            a->rows = n;
            mve_rows(a, left);
            for (int32_t i = 0; i < n; ++i) {
                mve_copy_s8(output + (oy * g->output_width + ox + i * sw) * out_depth, outs + i * out_depth, out_depth);
            }
        }
    }
}

void mg_transpose_conv_s8_mve(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                              const uint8_t *filter_scales, const int32_t *bias, int8_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t sh = g->stride_height, sw = g->stride_width, out_depth = g->output_depth;
    const int32_t fh = g->filter_height, fw = g->filter_width, groups = (out_depth + 3) / 4;
    int32_t *tables = scratch;
    const int32_t left = build_base(p, filter_scales, tables), stride = MVE_TABLE_STRIDE(left);
    int8_t *filters = (int8_t *)(tables + sh * sw * groups * MVE_TABLE_STRIDE(1)), *next = filters;
    phase phases[sh * sw];
    int32_t widest = 0;
    for (int32_t i = 0; i < sh * sw; ++i) {
        phase *ph = &phases[i];
        ph->ry = i / sw, ph->rx = i % sw;
        ph->nky = phase_taps(ph->ry, fh, sh), ph->nkx = phase_taps(ph->rx, fw, sw);
        ph->depth = phase_depth(ph->ry, ph->rx, fh, fw, sh, sw, g->input_depth);
        ph->filter = next, ph->table = tables + i * groups * stride;
        build_phase(p, filter, bias, tables, stride, ph, next, tables + i * groups * stride);
        next += ph->depth * out_depth;
        widest = ph->depth > widest ? ph->depth : widest;
    }
    int8_t *rows = next, *outs = rows + ROWS * widest;
    mve_rows_args a;
    mve_rows_init(&a, filters, tables, g->input_depth, out_depth, p->output_offset, p->act_min, p->act_max);
    const int32_t image = g->input_height * g->input_width * g->input_depth;
    const int32_t out_image = g->output_height * g->output_width * out_depth;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t i = 0; i < sh * sw; ++i) {
            run_phase(g, &phases[i], input + b * image, output + b * out_image, (int8_t)(-p->input_offset), &a, left,
                      rows, outs);
        }
    }
}

#endif
