/* BATCH_MATMUL int16, mve backend (Cortex-M55 Helium): TFLite Micro's reference_ops::BatchMatMul<int16_t, int64_t>
 * (zero points 0, batch_matmul_s16.c) with the 64-bit sums in VMLALDAVA, eight int16 products per instruction:
 * each lhs row meets two rhs rows of k per pass (one vector of the lhs row, one of each rhs row; the last vector
 * predicated), then the reference's int64 requantization. An operand stored the other way (rhs [k][n], lhs [k][m]
 * with adj_x) is gathered into rows of k in scratch first, as TFLite Micro transposes it. The sums are exact, so
 * their order does not matter. */
#pragma GCC optimize("O3")
#include "batch_matmul.h"
#include "mg_fixedpoint64.h"

size_t mg_batch_matmul_s16_mve_scratch_size(int32_t cols, int32_t depth, int32_t lhs_step, int32_t rhs_step)
{
    return mg_batch_matmul_s16_gathered(cols, depth, lhs_step, rhs_step);
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

static inline int16_t output_of(const mg_batch_matmul_params *p, int64_t total)
{
    const int32_t v = mg_multiply_by_quantized_multiplier_64(total, p->output_multiplier, p->output_shift);
    return (int16_t)mg_clamp(v + p->output_offset, INT16_MIN, INT16_MAX);
}

/* One lhs row (contiguous) against the rhs rows (row n at n * rhs_col): the row of outputs. */
static void output_row(const mg_batch_matmul_params *p, const int16_t *x, const int16_t *rhs, int32_t rhs_col,
                       int16_t *out)
{
    const int32_t depth = p->depth, cols = p->cols;
    int32_t n = 0;
    for (; n + 2 <= cols; n += 2) {
        const int16_t *w0 = rhs + n * rhs_col, *w1 = w0 + rhs_col;
        int64_t s0 = 0, s1 = 0;
        for (int32_t k = 0; k < depth; k += 8) {
            const mve_pred16_t pred = vctp16q((uint32_t)(depth - k));
            const int16x8_t xv = vldrhq_z_s16(x + k, pred);
            s0 = vmlaldavaq_s16(s0, xv, vldrhq_z_s16(w0 + k, pred));
            s1 = vmlaldavaq_s16(s1, xv, vldrhq_z_s16(w1 + k, pred));
        }
        out[n] = output_of(p, s0);
        out[n + 1] = output_of(p, s1);
    }
    if (n < cols) {
        const int16_t *w0 = rhs + n * rhs_col;
        int64_t s0 = 0;
        for (int32_t k = 0; k < depth; k += 8) {
            const mve_pred16_t pred = vctp16q((uint32_t)(depth - k));
            s0 = vmlaldavaq_s16(s0, vldrhq_z_s16(x + k, pred), vldrhq_z_s16(w0 + k, pred));
        }
        out[n] = output_of(p, s0);
    }
}

void mg_batch_matmul_s16_mve(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output,
                             void *scratch)
{
    MG_BATCH_MATMUL_S16_ROWS(p, lhs, rhs, output, scratch, output_row);
}

#endif
