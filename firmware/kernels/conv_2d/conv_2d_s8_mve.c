#pragma GCC optimize("O3")
#include "conv_2d.h"

size_t mg_conv_2d_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width, int32_t input_depth,
                                      int32_t left_shift)
{
    const int32_t taps = filter_height * filter_width * input_depth;
    const size_t pair = 32u * (((size_t)taps + 15u) / 16u); /* one interleaved pair of rows */
    if (filter_height == 1 && filter_width == 1) {
        return MG_MVE_CONV_ROWS / 2u * pair;
    }
    const size_t rows = (size_t)mg_conv_2d_mve_im2col_rows(taps, left_shift);
    return rows * (size_t)taps + (mg_conv_2d_mve_in_pairs(taps, left_shift) ? pair : 0u);
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_matmul.h"

/* The geometry the im2col loop needs, in locals (the copies' memory clobbers would reload fields of *p). */
typedef struct {
    int32_t depth, height, width, fh, fw, dh, dw, row_taps, input_row;
    int8_t zp;
} geometry;

/* The im2col row of an output pixel whose window starts at input row y0, column x0 and reaches outside the
 * input: taps in (ky, kx, c) order, the filter's own order, those outside the input set to the zero point. (A
 * window inside the input is fh runs of fw * depth bytes, which the caller copies itself.) */
static __attribute__((noinline)) void build_border_row(const geometry *gp, const int8_t *image, int32_t y0, int32_t x0,
                                                       int8_t *row)
{
    const geometry g = *gp;
    const int8_t *src = image + y0 * g.input_row + x0 * g.depth;
    int32_t kx0 = 0, kx1 = g.fw; /* the taps of a row inside the input */
    if (g.dw == 1) {
        kx0 = x0 < 0 ? -x0 : 0;
        kx1 = g.width - x0 < g.fw ? g.width - x0 : g.fw;
        kx1 = kx1 > kx0 ? kx1 : kx0;
    }
    for (int32_t ky = 0; ky < g.fh; ++ky, row += g.row_taps, src += g.dh * g.input_row) {
        const int32_t y = y0 + ky * g.dh;
        if (y < 0 || y >= g.height) {
            mve_fill_s8(row, g.zp, g.row_taps);
        } else if (g.dw == 1) { /* zero points, a run of the input, zero points */
            mve_fill_s8(row, g.zp, kx0 * g.depth);
            mve_copy_s8(row + kx0 * g.depth, src + kx0 * g.depth, (kx1 - kx0) * g.depth);
            mve_fill_s8(row + kx1 * g.depth, g.zp, (g.fw - kx1) * g.depth);
        } else {
            for (int32_t kx = 0; kx < g.fw; ++kx) {
                const int32_t x = x0 + kx * g.dw;
                if (x < 0 || x >= g.width) {
                    mve_fill_s8(row + kx * g.depth, g.zp, g.depth);
                } else {
                    mve_copy_s8(row + kx * g.depth, src + kx * g.dw * g.depth, g.depth);
                }
            }
        }
    }
}

#if MG_MVE_CONV_PAIR_ROWS > MG_MVE_CONV_ROWS
#error "a batch holds MG_MVE_CONV_ROWS rows"
#endif

/* Rows collected for one call: their pointers, and where their outputs start. */
typedef struct {
    const int8_t *row[MG_MVE_CONV_ROWS];
    int32_t count;
    int8_t *out;
} batch;

/* The collected rows against every filter row: with MG_MVE_PAIR_BLOCKS blocks of 16 taps or more, pairs
 * interleaved into the pair area `slots` at a time, a call of the two-row loop each (an odd last row alone); below,
 * where the two-row loop's set-up costs more than it saves, and for nodes with left shifts, one call of the
 * one-row loop (pointwise nodes come here only with pairs, so several rows are always consecutive im2col rows). */
static __attribute__((noinline)) void flush(batch *rows, mve_rows_args *a, mve_pairs_args *pa, int8_t *pair_area,
                                            int32_t slots, int32_t left_shift, int copy_odd)
{
    const int32_t use_pairs = mg_conv_2d_mve_in_pairs(a->depth, left_shift);
    const int32_t pairs = use_pairs ? rows->count >> 1 : 0;
    for (int32_t i = 0; i < pairs; i += slots) { /* as many pairs at a time as the pair area holds */
        const int32_t n = pairs - i < slots ? pairs - i : slots;
        for (int32_t j = 0; j < n; ++j) {
            mve_interleave2_s8(pair_area + j * mve_pair_bytes(a->depth), rows->row[2 * (i + j)],
                               rows->row[2 * (i + j) + 1], a->depth);
        }
        pa->x = pair_area;
        pa->out = rows->out + 2 * i * pa->channels;
        pa->pairs = n;
        mg_matmul_pairs_s8_mve(pa);
    }
    if (2 * pairs < rows->count) { /* the other rows lie one after the other (im2col) or there is one left */
        a->x = rows->row[2 * pairs];
        if (copy_odd) { /* an input pixel, copied so that its outputs may overwrite it */
            mve_copy_rows_s8(pair_area, a->x, a->depth, 1, 0);
            a->x = pair_area;
        }
        a->out = rows->out + 2 * pairs * pa->channels;
        a->rows = rows->count - 2 * pairs;
        a->row_stride = a->depth;
        mve_rows(a, left_shift);
    }
    rows->out += rows->count * pa->channels;
    rows->count = 0;
}

/* A 1x1 filter: no padding, the input pixels are the rows. */
static void pointwise(const mg_conv_2d_mve_params *p, const int8_t *input, int8_t *output, int8_t *scratch,
                      mve_rows_args *a, mve_pairs_args *pa)
{
    const mg_conv_geometry *geo = &p->geometry;
    const int32_t depth = geo->input_depth, width = geo->input_width, out_height = geo->output_height;
    const int32_t out_width = geo->output_width, sh = geo->stride_height, sw = geo->stride_width;
    const int32_t image_size = p->geometry.input_height * width * depth;
    if (p->left_shift || depth <= 16 * (MG_MVE_PAIR_BLOCKS - 1)) {
        /* the one-row loop over the pixels in place: the whole image, or an output row at a time */
        const int whole = sh == 1 && sw == 1;
        a->row_stride = sw * depth;
        for (int32_t b = 0; b < p->geometry.batches; ++b) {
            for (int32_t oy = 0; oy < (whole ? 1 : out_height); ++oy) {
                a->x = input + b * image_size + oy * sh * width * depth;
                a->out = output;
                a->rows = whole ? out_height * out_width : out_width;
                mve_rows(a, p->left_shift);
                output += a->rows * p->geometry.output_depth;
            }
        }
        return;
    }
    batch rows = {{0}, 0, output};
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        for (int32_t oy = 0; oy < out_height; ++oy) {
            const int8_t *pixel = input + b * image_size + oy * sh * width * depth;
            for (int32_t ox = out_width; ox > 0; --ox, pixel += sw * depth) {
                rows.row[rows.count] = pixel;
                if (++rows.count == MG_MVE_CONV_ROWS) {
                    flush(&rows, a, pa, scratch, MG_MVE_CONV_ROWS / 2, 0, 1);
                }
            }
        }
    }
    if (rows.count) {
        flush(&rows, a, pa, scratch, MG_MVE_CONV_ROWS / 2, 0, 1);
    }
}

/* A filter's window: fh runs of row_taps bytes, `step` apart (where it lies in the input, or built into scratch at
 * the border). */
typedef struct {
    const int8_t *at;
    int32_t step;
} window;

static inline window window_at(const geometry *g, const int8_t *image, int32_t y0, int32_t x0, int inside_y,
                               int32_t x_reach, int8_t *row)
{
    if (inside_y && x0 >= 0 && x0 + x_reach < g->width) {
        return (window){image + y0 * g->input_row + x0 * g->depth, g->dh * g->input_row};
    }
    build_border_row(g, image, y0, x0, row);
    return (window){row, g->row_taps};
}

/* Two windows interleaved into dst in blocks of 16, run by run (n, a run's bytes, whole blocks). */
static inline void interleave_windows(int8_t *dst, window a, window b, int32_t n, int32_t runs)
{
    const int8_t *x = a.at, *y = b.at;
    const int32_t x_skip = a.step - n, y_skip = b.step - n;
    __asm__ volatile("1:\n\t"
                     "dlstp.8  lr, %[n]\n"
                     "2:\n\t"
                     "vldrb.8  q0, [%[x]], #16\n\t"
                     "vldrb.8  q1, [%[y]], #16\n\t"
                     "vstrb.8  q0, [%[d]], #16\n\t"
                     "vstrb.8  q1, [%[d]], #16\n\t"
                     "letp     lr, 2b\n\t"
                     "add      %[x], %[x], %[xs]\n\t"
                     "add      %[y], %[y], %[ys]\n\t"
                     "subs     %[r], %[r], #1\n\t"
                     "bne      1b"
                     : [d] "+r"(dst), [x] "+r"(x), [y] "+r"(y), [r] "+r"(runs)
                     : [xs] "r"(x_skip), [ys] "r"(y_skip), [n] "r"(n)
                     : "q0", "q1", "lr", "memory", "cc");
}

/* A filter whose rows are whole blocks of 16 taps, in pairs (mg_conv_2d_mve_in_pairs): each two output pixels'
 * windows interleaved into the pair area from where they lie (a window at the border built into scratch first),
 * then the two-row loop; an odd last pixel's window copied into the pair area for the one-row loop. */
static void im2col_pairs(const mg_conv_2d_mve_params *p, const geometry *g, const int8_t *input, int8_t *output,
                         int8_t *scratch, mve_rows_args *a, mve_pairs_args *pa)
{
    const mg_conv_geometry *geo = &p->geometry;
    const int32_t taps = g->fh * g->row_taps, image_size = g->height * g->input_row;
    const int32_t sh = geo->stride_height, sw = geo->stride_width, pad_h = geo->pad_height, pad_w = geo->pad_width;
    const int32_t x_reach = (g->fw - 1) * g->dw, y_reach = (g->fh - 1) * g->dh;
    int8_t *const pair_area = scratch + MG_MVE_CONV_PAIR_ROWS * taps;
    window first = {0, 0};
    int have = 0;
    pa->x = pair_area;
    pa->pairs = 1;
    for (int32_t b = 0; b < geo->batches; ++b) {
        const int8_t *image = input + b * image_size;
        for (int32_t oy = 0; oy < geo->output_height; ++oy) {
            const int32_t y0 = oy * sh - pad_h;
            const int inside_y = g->dw == 1 && y0 >= 0 && y0 + y_reach < g->height;
            for (int32_t ox = 0, x0 = -pad_w; ox < geo->output_width; ++ox, x0 += sw) {
                const window w = window_at(g, image, y0, x0, inside_y, x_reach, scratch + have * taps);
                if (!have) {
                    first = w, have = 1;
                    continue;
                }
                interleave_windows(pair_area, first, w, g->row_taps, g->fh);
                pa->out = output;
                mg_matmul_pairs_s8_mve(pa);
                output += 2 * pa->channels;
                have = 0;
            }
        }
    }
    if (have) {
        mve_copy_rows_s8(pair_area, first.at, g->row_taps, g->fh, first.step);
        a->x = pair_area;
        a->out = output;
        a->rows = 1;
        a->row_stride = taps;
        mve_rows(a, 0);
    }
}

/* Other filters: im2col rows in scratch (then the pair area). */
static void im2col(const mg_conv_2d_mve_params *p, const int8_t *input, int8_t *output, int8_t *scratch,
                   mve_rows_args *a, mve_pairs_args *pa)
{
    const mg_conv_geometry *geo = &p->geometry;
    const int32_t depth = geo->input_depth, width = geo->input_width, height = geo->input_height;
    const int32_t taps = geo->filter_height * geo->filter_width * depth, image_size = height * width * depth;
    const int32_t out_height = geo->output_height, out_width = geo->output_width, sh = geo->stride_height;
    const int32_t sw = geo->stride_width, pad_h = geo->pad_height, pad_w = geo->pad_width, left_shift = p->left_shift;
    const geometry g = {depth,
                        height,
                        width,
                        geo->filter_height,
                        geo->filter_width,
                        geo->dilation_height,
                        geo->dilation_width,
                        geo->filter_width * depth,
                        width * depth,
                        (int8_t)(-p->input_offset)};
    if (mg_conv_2d_mve_in_pairs(taps, left_shift) && g.row_taps % 16 == 0) {
        im2col_pairs(p, &g, input, output, scratch, a, pa);
        return;
    }
    const int32_t fh = g.fh, row_taps = g.row_taps, row_step = g.dh * g.input_row, input_row = g.input_row;
    const int32_t x_reach = (g.fw - 1) * g.dw, y_reach = (fh - 1) * g.dh;
    const int32_t per_pass = mg_conv_2d_mve_im2col_rows(taps, left_shift);
    int8_t *const pair_area = scratch + per_pass * taps; /* used only by pairs */
    batch rows = {{0}, 0, output};
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const int8_t *image = input + b * image_size;
        for (int32_t oy = 0; oy < out_height; ++oy) {
            const int32_t y0 = oy * sh - pad_h;
            const int inside_y = g.dw == 1 && y0 >= 0 && y0 + y_reach < height;
            for (int32_t ox = 0; ox < out_width; ++ox) {
                const int32_t x0 = ox * sw - pad_w;
                int8_t *row = scratch + rows.count * taps;
                if (inside_y && x0 >= 0 && x0 + x_reach < width) { /* fh runs of fw * depth bytes */
                    mve_copy_rows_s8(row, image + y0 * input_row + x0 * depth, row_taps, fh, row_step);
                } else {
                    build_border_row(&g, image, y0, x0, row);
                }
                rows.row[rows.count] = row;
                if (++rows.count == per_pass) {
                    flush(&rows, a, pa, pair_area, 1, left_shift, 0);
                }
            }
        }
    }
    if (rows.count) {
        flush(&rows, a, pa, pair_area, 1, left_shift, 0);
    }
}

void mg_conv_2d_s8_mve(const mg_conv_2d_mve_params *p, const int8_t *input, const int8_t *filter, int8_t *output,
                       int8_t *scratch)
{
    const int32_t taps = p->geometry.filter_height * p->geometry.filter_width * p->geometry.input_depth;
    mve_rows_args a;
    mve_pairs_args pa;
    mve_rows_init(&a, filter, p->table, taps, p->geometry.output_depth, p->output_offset, p->act_min, p->act_max);
    mve_pairs_init(&pa, &a, p->geometry.output_depth);
    if (p->geometry.filter_height == 1 && p->geometry.filter_width == 1) {
        pointwise(p, input, output, scratch, &a, &pa);
    } else {
        im2col(p, input, output, scratch, &a, &pa);
    }
}

#endif
