/* BATCH_MATMUL int16, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference_ops::BatchMatMul<int16_t, int64_t>
 * (zero points 0, batch_matmul_s16.c) with the 64-bit sums in SMLALD, two int16 products per instruction: each
 * lhs row meets two rhs rows of k per pass (one word of the lhs row, one of each rhs row, two SMLALD), then the
 * reference's int64 requantization. An operand stored the other way (rhs [k][n], lhs [k][m] with adj_x) is
 * gathered into rows of k in scratch first, as TFLite Micro transposes it; a row read in place may start at an
 * odd halfword (unaligned word loads). */
#pragma GCC optimize("O2")
#include "batch_matmul.h"
#include "mg_dsp.h"
#include "mg_fixedpoint64.h"

size_t mg_batch_matmul_s16_dsp_scratch_size(int32_t cols, int32_t depth, int32_t lhs_step, int32_t rhs_step)
{
    return mg_batch_matmul_s16_gathered(cols, depth, lhs_step, rhs_step);
}

/* acc + the products of the int16 pairs in x and y (SMLALD). */
static inline int64_t smlald(uint32_t x, uint32_t y, int64_t acc)
{
#if MG_DSP_NATIVE
    __asm__("smlald %Q0, %R0, %1, %2" : "+r"(acc) : "r"(x), "r"(y));
    return acc;
#else
    return acc + (int64_t)(int16_t)x * (int16_t)y + (int64_t)((int32_t)x >> 16) * ((int32_t)y >> 16);
#endif
}

/* The dot products of x (n values) with rows w0 and w1 (the sums are exact, so their order does not matter). */
static inline void dot2(const int16_t *x, const int16_t *w0, const int16_t *w1, int32_t n, int64_t *s0, int64_t *s1)
{
    int64_t a0 = 0, a1 = 0;
    int32_t k = 0;
#if MG_DSP_NATIVE
    /* four values per step: one word of x at a time against a word of each row, 8 MACs in 12 instructions */
    int32_t steps = n / 4;
    if (steps > 0) {
        uint32_t xv, wv;
        __asm__ volatile("1:\n\t"
                         "ldr %[xv], [%[x]], #4\n\t"
                         "ldr %[wv], [%[w0]], #4\n\t"
                         "smlald %Q[a0], %R[a0], %[xv], %[wv]\n\t"
                         "ldr %[wv], [%[w1]], #4\n\t"
                         "smlald %Q[a1], %R[a1], %[xv], %[wv]\n\t"
                         "ldr %[xv], [%[x]], #4\n\t"
                         "ldr %[wv], [%[w0]], #4\n\t"
                         "smlald %Q[a0], %R[a0], %[xv], %[wv]\n\t"
                         "ldr %[wv], [%[w1]], #4\n\t"
                         "smlald %Q[a1], %R[a1], %[xv], %[wv]\n\t"
                         "subs %[steps], %[steps], #1\n\t"
                         "bne 1b\n\t"
                         : [a0] "+r"(a0), [a1] "+r"(a1), [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1), [steps] "+r"(steps),
                           [xv] "=&r"(xv), [wv] "=&r"(wv)
                         :
                         : "cc", "memory");
        k = n & ~3;
        x -= k;
        w0 -= k;
        w1 -= k;
    }
#endif
    for (; k + 2 <= n; k += 2) {
        const uint32_t xv = dsp_ld32(x + k);
        a0 = smlald(xv, dsp_ld32(w0 + k), a0);
        a1 = smlald(xv, dsp_ld32(w1 + k), a1);
    }
    if (k < n) {
        a0 += (int32_t)x[k] * w0[k];
        a1 += (int32_t)x[k] * w1[k];
    }
    *s0 = a0;
    *s1 = a1;
}

MG_BATCH_MATMUL_S16_OUTPUT_ROW(dot2)

void mg_batch_matmul_s16_dsp(const mg_batch_matmul_params *p, const int16_t *lhs, const int16_t *rhs, int16_t *output,
                             void *scratch)
{
    MG_BATCH_MATMUL_S16_ROWS(p, lhs, rhs, output, scratch, output_row);
}
