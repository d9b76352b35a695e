/* BATCH_MATMUL int8, mve backend (Cortex-M55 Helium): TFLite Micro's reference_ops::BatchMatMul<int8_t, int32_t>
 * as sum l * r + rhs_offset * (sum of the lhs row) + lhs_offset * (sum of the rhs row) + depth * both offsets
 * (equal modulo 2^32), through the mve matrix core FULLY_CONNECTED uses (mg_mve_matmul.h): the rhs matrix's
 * columns are its weight rows (gathered into rows of k when it is stored as [k][n], as TFLite Micro transposes it)
 * and a requantization table holds the terms of the rhs rows as biases: for a constant rhs both made by the
 * generator, else once per invoke when the batches broadcast the matrix. The lhs rows go through the core all at
 * once, in interleaved pairs through the two-row loop; an rhs zero point adds each lhs row's own term to its sums
 * there (mg_matmul_pairs_terms_s8_mve; for a last odd row, to a copy of the table). A transposed lhs row (adj_x)
 * is gathered and, like a left shift, goes through the one-row loops row by row. */
#pragma GCC optimize("O3")
#include "batch_matmul.h"

#include "mg_mve.h"

/* lhs rows per call of the two-row loop (PAIRS pairs) */
#define PAIRS 4

size_t mg_batch_matmul_s8_mve_scratch_size(int32_t cols, int32_t depth)
{
    /* words: the table (with left shifts) and the rhs terms; bytes: the gathered rhs rows, a gathered lhs row, the
     * interleaved pairs of lhs rows */
    const size_t groups = (size_t)((cols + 3) / 4), blocks = (size_t)((depth + 15) / 16);
    const size_t words = groups * (MVE_TABLE_STRIDE(1) + 4u);
    return words * sizeof(int32_t) + ((size_t)cols + 1u) * (size_t)depth + PAIRS * 32u * blocks;
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_matmul.h"

/* The strided src (n values step apart) as a row: itself when contiguous, else gathered into row. */
static const int8_t *as_row(const int8_t *src, int32_t step, int32_t n, int8_t *row)
{
    if (step == 1) {
        return src;
    }
    for (int32_t k = 0; k < n; ++k) {
        row[k] = src[k * step];
    }
    return row;
}

/* The rhs matrix, stored [k][n], as rows of k, 16 values of a row per pass: the even k and the odd k gathered by
 * two loads (16-bit offsets k * rhs_step; value by value when they would not fit), narrowed into alternate lanes. */
static void gather_rows(const mg_batch_matmul_params *p, const int8_t *rhs, int8_t *rows)
{
    const int32_t depth = p->depth, cols = p->cols, step = p->rhs_step;
    if (15 * step > UINT16_MAX || p->rhs_col != 1) {
        for (int32_t n = 0; n < cols; ++n) {
            for (int32_t k = 0; k < depth; ++k) {
                rows[n * depth + k] = rhs[n * p->rhs_col + k * step];
            }
        }
        return;
    }
    const uint16x8_t even = vmulq_n_u16(vidupq_n_u16(0, 2), (uint16_t)step);
    const uint16x8_t odd = vaddq_n_u16(even, (uint16_t)step);
    for (int32_t n = 0; n < cols; ++n, rows += depth) {
        const int8_t *column = rhs + n;
        for (int32_t k = 0; k < depth; k += 16, column += 16 * step) {
            const uint32_t left = (uint32_t)(depth - k);
            const int16x8_t lo = vldrbq_gather_offset_z_s16(column, even, vctp16q((left + 1) / 2));
            const int16x8_t hi = vldrbq_gather_offset_z_s16(column, odd, vctp16q(left / 2));
            vstrbq_p_s8(rows + k, vmovntq_s16(vmovnbq_s16(vdupq_n_s8(0), lo), hi), vctp8q(left));
        }
    }
}

/* The table of the rhs matrix whose rows (of k) are `rows`: per column its term as bias, the multiplier and shifts;
 * terms keeps the biases for the rows' own terms (rhs zero point). */
static void build_table(const mg_batch_matmul_params *p, const int8_t *rows, int32_t left, int32_t *table,
                        int32_t *terms)
{
    const int32_t depth = p->depth, cols = p->cols, stride = MVE_TABLE_STRIDE(left);
    for (int32_t n = 0; n < 4 * ((cols + 3) / 4); ++n) {
        int32_t *group = table + (n / 4) * stride;
        const int32_t lane = n % 4;
        terms[n] = n < cols ? p->lhs_offset * (mve_sum_s8(rows + n * depth, depth) + depth * p->rhs_offset) : 0;
        group[lane] = terms[n];
        group[4 + lane] = p->output_multiplier;
        ((int8_t *)(group + 8))[lane] = (int8_t)(p->output_shift < 0 ? p->output_shift : 0); /* shifts: bytes */
        if (left) {
            ((int8_t *)(group + 9))[lane] = (int8_t)p->output_shift;
        }
    }
}

/* term added to the biases of the table at t (groups groups, no left shifts). */
static void add_term(int32_t *t, int32_t groups, int32_t term)
{
    for (int32_t g = 0; g < groups; ++g, t += MVE_TABLE_STRIDE(0)) {
        vstrwq_s32(t, vaddq_n_s32(vldrwq_s32(t), term));
    }
}

/* m lhs rows (row_stride apart) through the core: interleaved pairs through the two-row loop (with an rhs zero
 * point, each row's term rhs_offset * (its sum) added by mg_matmul_pairs_terms_s8_mve), the last odd row through
 * the one-row loop (its term in the scratch table, table_area). */
static void all_rows(mve_rows_args *a, mve_pairs_args *pa, const int8_t *x, int32_t row_stride, int32_t m,
                     int32_t rhs_offset, int32_t *table_area, int8_t *pair_area, int8_t *out)
{
    const int32_t cols = pa->channels, depth = pa->depth;
    int32_t terms[2 * PAIRS];
    int32_t r = 0;
    while (m - r >= 2) {
        const int32_t pairs = (m - r) / 2 < PAIRS ? (m - r) / 2 : PAIRS;
        mve_interleave_pairs(pa, x + r * row_stride, row_stride, pairs, pair_area, out + r * cols);
        if (rhs_offset) {
            for (int32_t i = 0; i < 2 * pairs; ++i) {
                terms[i] = rhs_offset * mve_sum_s8(x + (r + i) * row_stride, depth);
            }
            pa->row_terms = terms;
            mg_matmul_pairs_terms_s8_mve(pa);
        } else {
            mg_matmul_pairs_s8_mve(pa);
        }
        r += 2 * pairs;
    }
    if (r < m) {
        mve_rows_args last = *a;
        last.x = x + r * row_stride;
        last.out = out + r * cols;
        last.rows = 1;
        if (!rhs_offset) {
            mg_matmul_rows_s8_mve(&last);
            return;
        }
        /* the row's term in the scratch table: a copy of the generator's, or the one build_table made there */
        const int32_t groups = (cols + 3) / 4, term = rhs_offset * mve_sum_s8(last.x, depth);
        if (a->table != table_area) {
            for (int32_t i = 0; i < groups * MVE_TABLE_STRIDE(0); ++i) {
                table_area[i] = a->table[i];
            }
        }
        add_term(table_area, groups, term);
        last.table = table_area;
        mg_matmul_rows_s8_mve(&last);
        add_term(table_area, groups, -term); /* as it was, for the next batch's rows */
    }
}

void mg_batch_matmul_s8_mve(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output,
                            void *scratch)
{
    const int32_t depth = p->depth, cols = p->cols, groups = (cols + 3) / 4, left = p->output_shift > 0;
    int32_t *table = scratch, *terms = table + groups * MVE_TABLE_STRIDE(1);
    int8_t *rhs_rows = (int8_t *)(terms + 4 * groups), *lhs_row = rhs_rows + cols * depth;
    int8_t *pair_area = lhs_row + depth;
    const int bulk = p->lhs_step == 1 && !left;
    mve_rows_args a;
    mve_pairs_args pa;
    mve_rows_init(&a, rhs_rows, table, depth, cols, p->output_offset, INT8_MIN, INT8_MAX);
    pa.channels = cols;
    const int32_t matrix = cols * depth, stride = MVE_TABLE_STRIDE(left);
    int32_t copied = -1; /* the rhs matrix now in the table, by its offset */
    for (int32_t b0 = 0; b0 < p->batches[0]; ++b0) {
        for (int32_t b1 = 0; b1 < p->batches[1]; ++b1) {
            for (int32_t b2 = 0; b2 < p->batches[2]; ++b2) {
                const int32_t l = b0 * p->lhs_strides[0] + b1 * p->lhs_strides[1] + b2 * p->lhs_strides[2];
                const int32_t r = b0 * p->rhs_strides[0] + b1 * p->rhs_strides[1] + b2 * p->rhs_strides[2];
                if (r != copied && p->table) { /* the generator's rows and table */
                    a.w = p->rhs_rows ? (const int8_t *)p->rhs_rows + r : rhs + r;
                    const int32_t *made = p->table + r / matrix * groups * stride;
                    a.table = made;
                    if (!bulk) { /* a copy takes the lhs rows' terms */
                        for (int32_t i = 0; i < groups * stride; ++i) {
                            table[i] = made[i];
                        }
                        for (int32_t n = 0; n < 4 * groups; ++n) {
                            terms[n] = made[n / 4 * stride + n % 4];
                        }
                        a.table = table;
                    }
                } else if (r != copied) { /* rows of k (in place when adj_y) and their table */
                    if (p->rhs_step != 1) {
                        gather_rows(p, rhs + r, rhs_rows);
                    }
                    a.w = p->rhs_step == 1 ? rhs + r : rhs_rows;
                    a.table = table;
                    build_table(p, a.w, left, table, terms);
                }
                if (r != copied) {
                    mve_pairs_init(&pa, &a, cols);
                    copied = r;
                }
                if (bulk) {
                    all_rows(&a, &pa, lhs + l, p->lhs_row, p->rows, p->rhs_offset, table, pair_area, output);
                    output += p->rows * cols;
                    continue;
                }
                for (int32_t m = 0; m < p->rows; ++m, output += cols) {
                    const int8_t *row = as_row(lhs + l + m * p->lhs_row, p->lhs_step, depth, lhs_row);
                    if (p->rhs_offset != 0) {
                        const int32x4_t lhs_term = vdupq_n_s32(p->rhs_offset * mve_sum_s8(row, depth));
                        for (int32_t n = 0; n < 4 * groups; n += 4) {
                            vstrwq_s32(table + n / 4 * stride, vaddq_s32(vldrwq_s32(terms + n), lhs_term));
                        }
                    }
                    a.x = row;
                    a.out = output;
                    a.rows = 1;
                    mve_rows(&a, left);
                }
            }
        }
    }
}

#endif
