/* The mve backend's int8 helpers for BATCH_MATMUL and TRANSPOSE_CONV: one row x against four rows of w, 16 values
 * per step (one load of x, four of w and four VMLADAVA, Helium's int8 multiply-accumulate across lanes into an
 * int32) in a tail-predicated loop, so the rows need no padding; row sums, for the zero points (the kernels add
 * offset * row sum terms: TFLite's sums equal sum x * w + offsets * sums modulo 2^32); and zeroing. (mg_mve_matmul.h's
 * core requantizes a fixed channel set per row and folds only an input offset into a generated bias, which these
 * kernels cannot use.) */
#ifndef MG_MVE_DOT_H
#define MG_MVE_DOT_H

#include <stdint.h>

#if defined(__ARM_FEATURE_MVE)
#include "mg_mve.h"

/* The four sums sum_k x[k] * w[r * stride + k] (r < 4; rows from `count` on repeat row 0), n >= 1: a
 * tail-predicated loop (DLSTP/LETP, the last pass reads only the values left) with the accumulators in the even
 * registers VMLADAVA takes. */
static inline __attribute__((always_inline)) int32x4_t mg_mve_dot4_s8(const int8_t *x, const int8_t *w, int32_t stride,
                                                                      int32_t count, int32_t n)
{
    register int32_t s0 __asm__("r0") = 0;
    register int32_t s1 __asm__("r2") = 0;
    register int32_t s2 __asm__("r4") = 0;
    register int32_t s3 __asm__("r6") = 0;
    register const int8_t *xp __asm__("r1") = x;
    register const int8_t *w0 __asm__("r3") = w;
    register const int8_t *w1 __asm__("r5") = w + (count > 1 ? stride : 0);
    register const int8_t *w2 __asm__("r8") = w + (count > 2 ? 2 * stride : 0);
    register const int8_t *w3 __asm__("r9") = w + (count > 3 ? 3 * stride : 0);
    __asm__ volatile("dlstp.8  lr, %[n]\n\t"
                     "1:\n\t"
                     "vldrb.8  q0, [%[x]], #16\n\t"
                     "vldrb.8  q1, [%[w0]], #16\n\t"
                     "vmladava.s8 %[s0], q0, q1\n\t"
                     "vldrb.8  q1, [%[w1]], #16\n\t"
                     "vmladava.s8 %[s1], q0, q1\n\t"
                     "vldrb.8  q1, [%[w2]], #16\n\t"
                     "vmladava.s8 %[s2], q0, q1\n\t"
                     "vldrb.8  q1, [%[w3]], #16\n\t"
                     "vmladava.s8 %[s3], q0, q1\n\t"
                     "letp     lr, 1b"
                     : [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [s3] "+r"(s3), [x] "+r"(xp), [w0] "+r"(w0),
                       [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3)
                     : [n] "r"(n)
                     : "q0", "q1", "lr", "memory");
    return mve_vec4(s0, s1, s2, s3);
}

/* Zeroes n words (accumulators), four per store: newlib-nano's memset stores byte by byte. */
static inline void mg_mve_zero_words(int32_t *p, int32_t n)
{
    for (int32_t i = 0; i < n; i += 4) {
        vstrwq_p_s32(p + i, vdupq_n_s32(0), vctp32q((uint32_t)(n - i)));
    }
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
