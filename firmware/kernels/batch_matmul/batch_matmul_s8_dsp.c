/* BATCH_MATMUL int8, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference_ops::BatchMatMul<int8_t, int32_t>
 * with both operands widened to int16, offsets added: the rhs matrix transposed into rows of k (as TFLite Micro
 * transposes it), each lhs row in turn, then four rhs rows per pass over the lhs row (mg_dsp_dot16.h). */
#pragma GCC optimize("O2")
#include "batch_matmul.h"
#include "mg_dsp_dot16.h"
#include "mg_dsp_requant.h"

size_t mg_batch_matmul_s8_dsp_scratch_size(int32_t cols, int32_t depth)
{
    /* the widened rhs rows, then the widened lhs row */
    return ((size_t)cols + 1u) * (size_t)mg_dsp_padded_depth(depth) * sizeof(int16_t);
}

/* A sum as the output value: the dsp requantization (twice the sum) from the channel's words in locals `c` when
 * the generator found it exact (`fast`), else the general one. */
static inline int8_t output_of(const mg_batch_matmul_params *p, int fast, const dsp_channel *c, int32_t sum)
{
    if (fast) {
        return (int8_t)dsp_ssat8(dsp_requant(2 * sum, c->multiplier, c->offset, c->shift));
    }
    return mg_batch_matmul_requantize_s8(p, sum);
}

/* One lhs row (widened) against every widened rhs row: the row of outputs. The table's words in locals: the
 * outputs are int8 stores, which the compiler must assume change them. */
static void output_row(const mg_batch_matmul_params *p, const int16_t *rhs_rows, const int16_t *x, int8_t *out)
{
    const int32_t depth = mg_dsp_padded_depth(p->depth), cols = p->cols;
    const dsp_channel *table = (const dsp_channel *)p->table;
    const int fast = table != 0;
    const dsp_channel c = fast ? *table : (dsp_channel){0, 0, 0, 0};
    int32_t n = 0;
    for (; n + 4 <= cols; n += 4) {
        int32_t acc[4] = {0, 0, 0, 0};
        mg_dsp_dot16_rows4(acc, rhs_rows + n * depth, x, depth);
        for (int32_t r = 0; r < 4; ++r) {
            out[n + r] = output_of(p, fast, &c, acc[r]);
        }
    }
    for (; n < cols; ++n) {
        out[n] = output_of(p, fast, &c, mg_dsp_dot16(rhs_rows + n * depth, x, depth, 0));
    }
}

void mg_batch_matmul_s8_dsp(const mg_batch_matmul_params *p, const int8_t *lhs, const int8_t *rhs, int8_t *output,
                            void *scratch)
{
    const int32_t depth = mg_dsp_padded_depth(p->depth);
    int16_t *rhs_rows = scratch, *x = rhs_rows + p->cols * depth;
    int32_t widened = -1; /* the rhs matrix now in rhs_rows, by its offset */
    for (int32_t b0 = 0; b0 < p->batches[0]; ++b0) {
        for (int32_t b1 = 0; b1 < p->batches[1]; ++b1) {
            for (int32_t b2 = 0; b2 < p->batches[2]; ++b2) {
                const int32_t l = b0 * p->lhs_strides[0] + b1 * p->lhs_strides[1] + b2 * p->lhs_strides[2];
                const int32_t r = b0 * p->rhs_strides[0] + b1 * p->rhs_strides[1] + b2 * p->rhs_strides[2];
                if (r != widened) {
                    mg_dsp_widen_matrix(rhs + r, p->cols, p->rhs_col, p->rhs_step, p->depth, p->rhs_offset, rhs_rows);
                    widened = r;
                }
                for (int32_t m = 0; m < p->rows; ++m, output += p->cols) {
                    mg_dsp_widen(lhs + l + m * p->lhs_row, p->lhs_step, p->depth, p->lhs_offset, x);
                    output_row(p, rhs_rows, x, output);
                }
            }
        }
    }
}
