/* BATCH_MATMUL int8, mve backend (Cortex-M55 Helium): TFLite Micro's reference_ops::BatchMatMul<int8_t, int32_t>
 * as sum l * r + rhs_offset * (sum of the lhs row) + lhs_offset * (sum of the rhs row) + depth * both offsets
 * (equal modulo 2^32). An rhs matrix not stored as rows of k (no adj_y) is gathered into them, as TFLite Micro
 * transposes it, then rearranged in groups of four rows (mg_mve_interleave_rows) with its row terms, once per
 * invoke when the batches broadcast it; a transposed lhs row is gathered; one assembly loop takes the lhs row
 * through every group (mg_mve_dot.h). */
#pragma GCC optimize("O3")
#include "batch_matmul.h"

size_t mg_batch_matmul_s8_mve_scratch_size(int32_t cols, int32_t depth)
{
    /* words: the rhs terms and a row of sums (whole groups of four); bytes: the gathered rhs rows, the rearranged
     * rhs rows, a gathered lhs row and the padded lhs row */
    const size_t channels = 4u * (size_t)((cols + 3) / 4), blocks = (size_t)((depth + 15) / 16);
    return 2u * channels * sizeof(int32_t) + ((size_t)cols + 1u) * (size_t)depth + (channels + 1u) * blocks * 16u;
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_dot.h"

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

/* The rhs matrix, stored [k][n], as rows of k: each run of eight n of a k row goes out with one scatter store
 * (16-bit offsets n * depth), or value by value when the offsets would not fit. */
static void gather_rows(const mg_batch_matmul_params *p, const int8_t *rhs, int8_t *rows)
{
    const int32_t depth = p->depth, cols = p->cols;
    if (7 * depth > UINT16_MAX || p->rhs_col != 1) {
        for (int32_t n = 0; n < cols; ++n) {
            for (int32_t k = 0; k < depth; ++k) {
                rows[n * depth + k] = rhs[n * p->rhs_col + k * p->rhs_step];
            }
        }
        return;
    }
    const uint16x8_t offsets = vmulq_n_u16(vidupq_n_u16(0, 1), (uint16_t)depth);
    for (int32_t k = 0; k < depth; ++k) {
        for (int32_t n = 0; n < cols; n += 8) {
            const mve_pred16_t lanes = vctp16q((uint32_t)(cols - n));
            const int16x8_t v = vldrbq_z_s16(rhs + k * p->rhs_step + n, lanes);
            vstrbq_scatter_offset_p_s16(rows + n * depth + k, offsets, v, lanes);
        }
    }
}

void mg_batch_matmul_s8_mve(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output,
                            void *scratch)
{
    const int32_t depth = p->depth, cols = p->cols, groups = (cols + 3) / 4, blocks = (depth + 15) / 16;
    int32_t *rhs_terms = scratch, *sums = rhs_terms + 4 * groups;
    int8_t *rhs_rows = (int8_t *)(sums + 4 * groups), *wide = rhs_rows + cols * depth;
    int8_t *lhs_row = wide + groups * blocks * 64, *x = lhs_row + depth;
    int32_t copied = -1; /* the rhs matrix now in wide, by its offset */
    for (int32_t b0 = 0; b0 < p->batches[0]; ++b0) {
        for (int32_t b1 = 0; b1 < p->batches[1]; ++b1) {
            for (int32_t b2 = 0; b2 < p->batches[2]; ++b2) {
                const int32_t l = b0 * p->lhs_strides[0] + b1 * p->lhs_strides[1] + b2 * p->lhs_strides[2];
                const int32_t r = b0 * p->rhs_strides[0] + b1 * p->rhs_strides[1] + b2 * p->rhs_strides[2];
                if (r != copied) { /* rows of k (in place when adj_y), rearranged, and their terms */
                    if (p->rhs_step != 1) {
                        gather_rows(p, rhs + r, rhs_rows);
                    }
                    const int8_t *rows = p->rhs_step == 1 ? rhs + r : rhs_rows;
                    mg_mve_interleave_rows(rows, cols, depth, depth, wide);
                    for (int32_t n = 0; n < 4 * groups; ++n) {
                        rhs_terms[n] =
                            n < cols ? p->lhs_offset * (mg_mve_sum_s8(rows + n * depth, depth) + depth * p->rhs_offset)
                                     : 0;
                    }
                    copied = r;
                }
                for (int32_t m = 0; m < p->rows; ++m, output += cols) {
                    const int8_t *row = as_row(lhs + l + m * p->lhs_row, p->lhs_step, depth, lhs_row);
                    const int32x4_t lhs_term = vdupq_n_s32(p->rhs_offset * mg_mve_sum_s8(row, depth));
                    mg_mve_pad_row(row, depth, x);
                    for (int32_t n = 0; n < 4 * groups; n += 4) {
                        vstrwq_s32(sums + n, lhs_term);
                    }
                    mg_mve_dot_groups_s8(x, wide, rhs_terms, sums, groups, blocks);
                    for (int32_t n = 0; n < cols; n += 4) {
                        int32x4_t v = mve_requant_n(vldrwq_s32(sums + n), p->output_multiplier, p->output_shift);
                        v = vaddq_n_s32(v, p->output_offset);
                        v = vminq_s32(vmaxq_s32(v, vdupq_n_s32(INT8_MIN)), vdupq_n_s32(INT8_MAX));
                        vstrbq_p_s32(output + n, v, vctp32q((uint32_t)(cols - n)));
                    }
                }
            }
        }
    }
}

#endif
