/* The mve backend's 16x8 one-row matrix loop (mg_mve_matmul_s16.h). */
#pragma GCC optimize("O3")
#include "mg_mve_matmul_s16.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

/* acc[r] = x . row r for four rows `depth` apart from w. */
static inline __attribute__((always_inline)) void four_rows(const int16_t *x, const int8_t *w, int32_t depth,
                                                            int32_t acc[4])
{
    const int8_t *w1 = w + depth, *w2 = w1 + depth, *w3 = w2 + depth;
    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, k = 0;
    for (; k + 8 <= depth; k += 8) {
        const int16x8_t xv = vldrhq_s16(x + k);
        a0 = vmladavaq_s16(a0, xv, vldrbq_s16(w + k));
        a1 = vmladavaq_s16(a1, xv, vldrbq_s16(w1 + k));
        a2 = vmladavaq_s16(a2, xv, vldrbq_s16(w2 + k));
        a3 = vmladavaq_s16(a3, xv, vldrbq_s16(w3 + k));
    }
    if (k < depth) { /* the other lanes load zero: no read past a row */
        const mve_pred16_t p = vctp16q((uint32_t)(depth - k));
        const int16x8_t xv = vldrhq_z_s16(x + k, p);
        a0 = vmladavaq_s16(a0, xv, vldrbq_z_s16(w + k, p));
        a1 = vmladavaq_s16(a1, xv, vldrbq_z_s16(w1 + k, p));
        a2 = vmladavaq_s16(a2, xv, vldrbq_z_s16(w2 + k, p));
        a3 = vmladavaq_s16(a3, xv, vldrbq_z_s16(w3 + k, p));
    }
    acc[0] = a0, acc[1] = a1, acc[2] = a2, acc[3] = a3;
}

/* x . w, every block under a predicate. */
static int32_t one_row(const int16_t *x, const int8_t *w, int32_t depth)
{
    int32_t acc = 0;
    for (int32_t k = 0; k < depth; k += 8) {
        const mve_pred16_t p = vctp16q((uint32_t)(depth - k));
        acc = vmladavaq_s16(acc, vldrhq_z_s16(x + k, p), vldrbq_z_s16(w + k, p));
    }
    return acc;
}

static inline __attribute__((always_inline)) int16_t output(mg_mve_s16_rows *rows, int32_t o, int32_t sum)
{
    if (!rows->one_table) {
        return mg_dsp_s16_output(&rows->table[o], &rows->step, sum);
    }
    rows->table[0].bias = mg_dsp_s16_bias(rows->bias, rows->step.accumulator_64, o);
    return mg_dsp_s16_output(&rows->table[0], &rows->step, sum);
}

void mg_matmul_rows_s16_mve(mg_mve_s16_rows *rows, const int16_t *x, int16_t *out)
{
    const int32_t depth = rows->depth, channels = rows->channels;
    for (int32_t o = 0; o < channels; o += 4) {
        const int32_t n = channels - o < 4 ? channels - o : 4;
        int32_t acc[4];
        if (n == 4) {
            four_rows(x, rows->w + o * depth, depth, acc);
        } else { /* the last channels one by one */
            for (int32_t r = 0; r < n; ++r) {
                acc[r] = one_row(x, rows->w + (o + r) * depth, depth);
            }
        }
        for (int32_t r = 0; r < n; ++r) {
            out[o + r] = output(rows, o + r, acc[r]);
        }
    }
}

#endif
