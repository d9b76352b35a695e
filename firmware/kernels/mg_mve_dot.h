/* The mve backend's int8 dot products for the scatter and batch kernels (TRANSPOSE_CONV, BATCH_MATMUL): one row x
 * against four rows of w, 16 values per step: one load of x, four of w and four VMLADAVA (Helium's int8 multiply-
 * accumulate across lanes into an int32). The tail is read with zeroing predicated loads, so the rows need no
 * padding. The operands' zero points are not applied here: the kernels add offset * row sum terms, as TFLite's
 * sums equal sum x * w + offsets * sums modulo 2^32. (mg_mve_matmul.h's core requantizes a fixed channel set per
 * row and folds only an input offset into a generated bias, which these kernels cannot use.) */
#ifndef MG_MVE_DOT_H
#define MG_MVE_DOT_H

#include <stdint.h>

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

/* acc[r] += sum_k x[k] * w[r * stride + k] for r < 4, n >= 1. */
static inline __attribute__((always_inline)) void mg_mve_dot4_s8(int32_t *acc, const int8_t *x, const int8_t *w,
                                                                 int32_t stride, int32_t n)
{
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    for (int32_t k = 0; k < n; k += 16) {
        const mve_pred16_t p = vctp8q((uint32_t)(n - k));
        const int8x16_t xv = vldrbq_z_s8(x + k, p);
        a0 = vmladavaq_s8(a0, xv, vldrbq_z_s8(w + k, p));
        a1 = vmladavaq_s8(a1, xv, vldrbq_z_s8(w + stride + k, p));
        a2 = vmladavaq_s8(a2, xv, vldrbq_z_s8(w + 2 * stride + k, p));
        a3 = vmladavaq_s8(a3, xv, vldrbq_z_s8(w + 3 * stride + k, p));
    }
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
}

/* acc + sum_k x[k] * w[k], n >= 1. */
static inline int32_t mg_mve_dot_s8(const int8_t *x, const int8_t *w, int32_t n, int32_t acc)
{
    for (int32_t k = 0; k < n; k += 16) {
        const mve_pred16_t p = vctp8q((uint32_t)(n - k));
        acc = vmladavaq_s8(acc, vldrbq_z_s8(x + k, p), vldrbq_z_s8(w + k, p));
    }
    return acc;
}

/* sum_k x[k], n >= 1. */
static inline int32_t mg_mve_sum_s8(const int8_t *x, int32_t n)
{
    int32_t sum = 0;
    for (int32_t k = 0; k < n; k += 16) {
        sum = vaddvaq_s8(sum, vldrbq_z_s8(x + k, vctp8q((uint32_t)(n - k))));
    }
    return sum;
}

#endif
#endif
