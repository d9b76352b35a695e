/* The dsp backend's int16 dot products (Cortex-M4/M7/M33), shared by TRANSPOSE_CONV and BATCH_MATMUL: both widen
 * their int8 operands, offsets added, into int16 arrays in scratch once, then every pair of int16 words meets in
 * the MAC core of mg_dsp_mac.h (two SMLAD per four values, no SXTB16 in the loop). Lengths are padded to a multiple
 * of four with zeros, which add nothing.
 *
 * A widened matrix keeps its rows in blocks of four, interleaved four values at a time (row 0's k..k+3, row 1's,
 * row 2's, row 3's, then k+4...), so that one pointer walks a block and the loop keeps the four accumulators, the
 * operand pair and the pointers in registers; the rows after the last whole block follow one by one. Either way
 * row r starts at r * padded length. */
#ifndef MG_DSP_DOT16_H
#define MG_DSP_DOT16_H

#include <stdint.h>

#include "mg_dsp_mac.h"

static inline int32_t mg_dsp_padded_depth(int32_t depth)
{
    return (depth + 3) & ~3;
}

/* Widens src[k * step] + offset for k < n, zeros up to mg_dsp_padded_depth(n), in groups of four values `group`
 * apart (4 for a plain row, 16 for a row of an interleaved block). Within a group the values lie in SXTB16 order,
 * (v0, v2, v1, v3): the order in which one LDR and two SXTAB16 widen four contiguous bytes; every operand is
 * widened the same way, so the pairs still meet their own partners. */
static inline void mg_dsp_widen_spaced(const int8_t *src, int32_t step, int32_t n, int32_t offset, int16_t *dst,
                                       int32_t group)
{
    int32_t k = 0;
    if (step == 1) {
        const uint32_t offsets = ((uint32_t)offset & 0xFFFFu) | ((uint32_t)offset << 16);
        for (; k + 4 <= n; k += 4, dst += group) {
            const uint32_t v = dsp_ld32(src + k);
            dsp_st32(dst, dsp_sxtab16(offsets, v));
            dsp_st32(dst + 2, dsp_sxtab16_ror8(offsets, v));
        }
        dst -= k / 4 * group;
    } else { /* four strided values a group, without the index arithmetic of the tail's */
        const int8_t *from = src;
        int16_t *to = dst;
        for (; k + 4 <= n; k += 4, from += 4 * step, to += group) {
            to[0] = (int16_t)(from[0] + offset);
            to[1] = (int16_t)(from[2 * step] + offset);
            to[2] = (int16_t)(from[step] + offset);
            to[3] = (int16_t)(from[3 * step] + offset);
        }
    }
    for (; k < mg_dsp_padded_depth(n); ++k) {
        dst[(k >> 2) * group + ((k & 1) << 1) + ((k >> 1) & 1)] = (int16_t)(k < n ? src[k * step] + offset : 0);
    }
}

/* One widened row: src[k * step] + offset. */
static inline void mg_dsp_widen(const int8_t *src, int32_t step, int32_t n, int32_t offset, int16_t *dst)
{
    mg_dsp_widen_spaced(src, step, n, offset, dst, 4);
}

/* A widened matrix of `rows` rows (row r at src + r * row_step), blocks of four interleaved. */
static inline void mg_dsp_widen_matrix(const int8_t *src, int32_t rows, int32_t row_step, int32_t step, int32_t n,
                                       int32_t offset, int16_t *dst)
{
    const int32_t padded = mg_dsp_padded_depth(n), blocked = rows & ~3;
    for (int32_t r = 0; r < rows; ++r) {
        int16_t *row = r < blocked ? dst + (r & ~3) * padded + (r & 3) * 4 : dst + r * padded;
        mg_dsp_widen_spaced(src + r * row_step, step, n, offset, row, r < blocked ? 16 : 4);
    }
}

/* Zeroes n words (accumulators): newlib-nano's memset stores byte by byte. On the device four words per STM. */
static inline void mg_dsp_zero_words(int32_t *p, int32_t n)
{
#if MG_DSP_NATIVE
    register int32_t z0 __asm__("r0") = 0;
    register int32_t z1 __asm__("r1") = 0;
    register int32_t z2 __asm__("r2") = 0;
    register int32_t z3 __asm__("r3") = 0;
    for (; n >= 4; n -= 4) {
        __asm__ volatile("stm %0!, {r0, r1, r2, r3}" : "+r"(p) : "r"(z0), "r"(z1), "r"(z2), "r"(z3) : "memory");
    }
#endif
    for (; n > 0; --n) {
        *p++ = 0;
    }
}

/* acc + sum_k w[k] * x[k] over a plain row, n a multiple of four. */
static inline int32_t mg_dsp_dot16(const int16_t *w, const int16_t *x, int32_t n, int32_t acc)
{
    for (int32_t k = 0; k < n; k += 4) {
        acc = mg_dsp_mac4(acc, dsp_ld32(w + k), dsp_ld32(w + k + 2), dsp_ld32(x + k), dsp_ld32(x + k + 2));
    }
    return acc;
}

/* acc[r] += the dot product of row r of an interleaved block with x, n a multiple of four (> 0). On the device per
 * four values: one LDRD of x, two LDM of the block's eight words, eight SMLAD (mg_dsp_mac.h): 12 instructions for
 * 16 MACs with the loop (unrolled twice). x and w must be word-aligned. */
static inline __attribute__((always_inline)) void mg_dsp_dot16_rows4(int32_t *acc, const int16_t *w, const int16_t *x,
                                                                     int32_t n)
{
#if MG_DSP_NATIVE
    /* fixed registers, as FULLY_CONNECTED's loop: four accumulators, two pointers, the end, the operand pair; two
     * steps per pass, entered at the second when the step count is odd */
    MG_DSP_ACC4_IN_R0_R3(acc);
    register const int16_t *wp __asm__("r8") = w;
    register const int16_t *xp __asm__("r9") = x;
    register const int16_t *end __asm__("lr") = x + n;
    register int32_t odd __asm__("r12") = n & 4;
    register uint32_t x01 __asm__("r10");
    register uint32_t x23 __asm__("r11");
#define MG_DOT16_STEP                                                                                                  \
    "ldrd r10, r11, [r9], #8\n\t"                                                                                      \
    "ldm r8!, {r4, r5, r6, r7}\n\t" MG_DSP_ASM_MAC4("r0", "r4", "r5", "r10", "r11")                                    \
        MG_DSP_ASM_MAC4("r1", "r6", "r7", "r10", "r11") "ldm r8!, {r4, r5, r6, r7}\n\t" MG_DSP_ASM_MAC4(               \
            "r2", "r4", "r5", "r10", "r11") MG_DSP_ASM_MAC4("r3", "r6", "r7", "r10", "r11")
    __asm__ volatile("cmp r12, #0\n\t"
                     "bne 2f\n\t"
                     "1:\n\t" MG_DOT16_STEP "2:\n\t" MG_DOT16_STEP "cmp r9, lr\n\t"
                     "bne 1b\n\t"
                     : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(wp), "+r"(xp), "=&r"(x01), "=&r"(x23)
                     : "r"(end), "r"(odd)
                     : "r4", "r5", "r6", "r7", "cc", "memory");
#undef MG_DOT16_STEP
#else
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    for (const int16_t *end = x + n; x < end; x += 4, w += 16) {
        const uint32_t x01 = dsp_ld32(x), x23 = dsp_ld32(x + 2);
        a0 = mg_dsp_mac4(a0, dsp_ld32(w), dsp_ld32(w + 2), x01, x23);
        a1 = mg_dsp_mac4(a1, dsp_ld32(w + 4), dsp_ld32(w + 6), x01, x23);
        a2 = mg_dsp_mac4(a2, dsp_ld32(w + 8), dsp_ld32(w + 10), x01, x23);
        a3 = mg_dsp_mac4(a3, dsp_ld32(w + 12), dsp_ld32(w + 14), x01, x23);
    }
#endif
    MG_DSP_ACC4_STORE(acc);
}

#endif
