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

/* The dot products of x (n values) with rows w0 and w1: eight products per VMLALDAVA, the last vector predicated. */
static inline void dot2(const int16_t *x, const int16_t *w0, const int16_t *w1, int32_t n, int64_t *s0, int64_t *s1)
{
    int64_t a0 = 0, a1 = 0;
    int32_t k = 0;
    for (; k + 8 <= n; k += 8) {
        const int16x8_t xv = vld1q_s16(x + k);
        a0 = vmlaldavaq_s16(a0, xv, vld1q_s16(w0 + k));
        a1 = vmlaldavaq_s16(a1, xv, vld1q_s16(w1 + k));
    }
    if (k < n) {
        const mve_pred16_t pred = vctp16q((uint32_t)(n - k));
        const int16x8_t xv = vldrhq_z_s16(x + k, pred);
        a0 = vmlaldavaq_s16(a0, xv, vldrhq_z_s16(w0 + k, pred));
        a1 = vmlaldavaq_s16(a1, xv, vldrhq_z_s16(w1 + k, pred));
    }
    *s0 = a0;
    *s1 = a1;
}

MG_BATCH_MATMUL_S16_OUTPUT_ROW(dot2)

void mg_batch_matmul_s16_mve(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output,
                             void *scratch)
{
    MG_BATCH_MATMUL_S16_ROWS(p, lhs, rhs, output, scratch, output_row);
}

#endif
