/* The mve backend's int8 helpers for BATCH_MATMUL and TRANSPOSE_CONV. Their weight rows are rearranged once per
 * invoke in groups of four interleaved by 16-byte blocks, so that one assembly loop takes a zero-padded row x
 * through every group with one pointer: per 16 values one load of x, four loads of w and four VMLADAVA (Helium's
 * int8 multiply-accumulate across lanes into an int32). The zero points are the kernels' business, through row
 * sums: TFLite's sums equal sum x * w + offsets * sums modulo 2^32. (mg_mve_matmul.h's core requantizes a fixed
 * channel set per row and folds only an input offset into a generated bias, which these kernels cannot use.) */
#ifndef MG_MVE_DOT_H
#define MG_MVE_DOT_H

#include <stdint.h>

#if defined(__ARM_FEATURE_MVE)
#include "mg_mve.h"

/* Rows r < rows (row r at src + r * row_step, n values) as groups of four interleaved by 16-byte blocks: block k
 * of rows 4g..4g+3 at dst + (g * blocks + k) * 64 + (r % 4) * 16, zeros past n and for the rows from `rows` up to
 * whole groups; blocks = (n + 15) / 16. */
static inline void mg_mve_interleave_rows(const int8_t *src, int32_t rows, int32_t row_step, int32_t n, int8_t *dst)
{
    const int32_t blocks = (n + 15) / 16;
    for (int32_t r = 0; r < (rows + 3) / 4 * 4; ++r) {
        int8_t *out = dst + (r / 4) * blocks * 64 + (r % 4) * 16;
        for (int32_t k = 0; k < blocks; ++k, out += 64) {
            const mve_pred16_t lanes = vctp8q(r < rows ? (uint32_t)(n - 16 * k) : 0u);
            vstrbq_s8(out, vldrbq_z_s8(src + r * row_step + 16 * k, lanes));
        }
    }
}

/* dst = src zero-padded to whole 16-byte blocks (n values). */
static inline void mg_mve_pad_row(const int8_t *src, int32_t n, int8_t *dst)
{
    for (int32_t k = 0; k < n; k += 16) {
        vstrbq_s8(dst + k, vldrbq_z_s8(src + k, vctp8q((uint32_t)(n - k))));
    }
}

/* acc[o] += terms[o] + sum_k x[k] * row o, for the rows of `groups` groups of four rearranged by
 * mg_mve_interleave_rows (blocks 16-byte blocks each) and x zero-padded to as many blocks: per group and block
 * one load of x, four loads and VMLADAVA; per group the sums, the terms and the accumulators as vectors. */
static inline void mg_mve_dot_groups_s8(const int8_t *x, const int8_t *w, const int32_t *terms, int32_t *acc,
                                        int32_t groups, int32_t blocks)
{
    register const int8_t *x_start __asm__("r5") = x;
    register const int8_t *wp __asm__("r3") = w;
    register int32_t block_count __asm__("r7") = blocks;
    register int32_t group_count __asm__("r8") = groups;
    register int32_t *ap __asm__("r9") = acc;
    register const int32_t *tp __asm__("r10") = terms;
    __asm__ volatile("1:\n\t" /* a group of four channels */
                     "movs     r0, #0\n\t"
                     "movs     r2, #0\n\t"
                     "movs     r4, #0\n\t"
                     "movs     r6, #0\n\t"
                     "mov      r1, r5\n\t"
                     "dls      lr, r7\n\t"
                     "2:\n\t"
                     "vldrb.8  q0, [r1], #16\n\t"
                     "vldrb.8  q1, [r3], #16\n\t"
                     "vmladava.s8 r0, q0, q1\n\t"
                     "vldrb.8  q1, [r3], #16\n\t"
                     "vmladava.s8 r2, q0, q1\n\t"
                     "vldrb.8  q1, [r3], #16\n\t"
                     "vmladava.s8 r4, q0, q1\n\t"
                     "vldrb.8  q1, [r3], #16\n\t"
                     "vmladava.s8 r6, q0, q1\n\t"
                     "le       lr, 2b\n\t"
                     "vmov     q2[2], q2[0], r0, r4\n\t"
                     "vmov     q2[3], q2[1], r2, r6\n\t"
                     "vldrw.32 q3, [r10], #16\n\t"
                     "vadd.i32 q2, q2, q3\n\t"
                     "vldrw.32 q3, [r9]\n\t"
                     "vadd.i32 q2, q2, q3\n\t"
                     "vstrw.32 q2, [r9], #16\n\t"
                     "subs     r8, r8, #1\n\t"
                     "bne      1b"
                     : "+r"(wp), "+r"(group_count), "+r"(ap), "+r"(tp)
                     : "r"(x_start), "r"(block_count)
                     : "r0", "r1", "r2", "r4", "r6", "lr", "q0", "q1", "q2", "q3", "cc", "memory");
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
