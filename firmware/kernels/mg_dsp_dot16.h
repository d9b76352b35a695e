/* The dsp backend's int16 dot products (Cortex-M4/M7/M33), shared by TRANSPOSE_CONV and BATCH_MATMUL: both widen
 * their int8 operands, offsets added, into int16 arrays in scratch once, then every pair of int16 words meets in
 * the MAC core of mg_dsp_mac.h (two SMLAD per four values, no SXTB16 in the loop). Lengths are padded to a multiple
 * of four with zeros, which add nothing. */
#ifndef MG_DSP_DOT16_H
#define MG_DSP_DOT16_H

#include <stdint.h>

#include "mg_dsp_mac.h"

static inline int32_t mg_dsp_padded_depth(int32_t depth)
{
    return (depth + 3) & ~3;
}

/* dst[k] = src[k * step] + offset for k < n, zeros up to mg_dsp_padded_depth(n). */
static inline void mg_dsp_widen(const int8_t *src, int32_t step, int32_t n, int32_t offset, int16_t *dst)
{
    int32_t k = 0;
    for (; k < n; ++k) {
        dst[k] = (int16_t)(src[k * step] + offset);
    }
    for (; k < mg_dsp_padded_depth(n); ++k) {
        dst[k] = 0;
    }
}

/* acc + sum_k w[k] * x[k], n a multiple of four. */
static inline int32_t mg_dsp_dot16(const int16_t *w, const int16_t *x, int32_t n, int32_t acc)
{
    for (int32_t k = 0; k < n; k += 4) {
        acc = mg_dsp_mac4(acc, dsp_ld32(w + k), dsp_ld32(w + k + 2), dsp_ld32(x + k), dsp_ld32(x + k + 2));
    }
    return acc;
}

/* acc[r] += sum_k w[r * stride + k] * x[k] for four rows, n a multiple of four: each x pair is loaded once. */
static inline __attribute__((always_inline)) void mg_dsp_dot16_rows4(int32_t *acc, const int16_t *w, int32_t stride,
                                                                     const int16_t *x, int32_t n)
{
    const int16_t *w0 = w, *w1 = w + stride, *w2 = w + 2 * stride, *w3 = w + 3 * stride;
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    for (int32_t k = 0; k < n; k += 4) {
        const uint32_t x01 = dsp_ld32(x + k), x23 = dsp_ld32(x + k + 2);
        a0 = mg_dsp_mac4(a0, dsp_ld32(w0 + k), dsp_ld32(w0 + k + 2), x01, x23);
        a1 = mg_dsp_mac4(a1, dsp_ld32(w1 + k), dsp_ld32(w1 + k + 2), x01, x23);
        a2 = mg_dsp_mac4(a2, dsp_ld32(w2 + k), dsp_ld32(w2 + k + 2), x01, x23);
        a3 = mg_dsp_mac4(a3, dsp_ld32(w3 + k), dsp_ld32(w3 + k + 2), x01, x23);
    }
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
}

#endif
