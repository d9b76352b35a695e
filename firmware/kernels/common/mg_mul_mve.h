/* The mve backend's MUL (mul_s8_mve.c, mul_s16_mve.c): the broadcast walk of mg_broadcast.h, one innermost row at a
 * time, each input stepping by 1 or 0 along the row, four elements a vector (the last one tail-predicated): the
 * offset inputs' product, TFLite's MultiplyByQuantizedMultiplier (mve_requant_n: exact for every multiplier and
 * shift the family's validate admits), the output zero point, the fused activation's clamp. Each vector of the
 * inputs is read before the same elements of the output are written, so the output may overwrite a same-shape
 * input. */
#ifndef MG_MUL_MVE_H
#define MG_MUL_MVE_H

#include <stdint.h>

#include "add.h"
#include "mg_broadcast.h"

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

#include "mg_mve.h"

/* MultiplyByQuantizedMultiplier as mve_requant_n, its shift's sign (mode: 1 left, -1 right, 0 none) fixed by the
 * caller so that each loop has one path, then the output zero point and the activation's clamp. */
static inline __attribute__((always_inline)) int32x4_t mg_mul_mve_requant(int32x4_t product, int32_t mult,
                                                                          int32_t shift, int mode, int32_t zp,
                                                                          int32x4_t act_min, int32x4_t act_max)
{
    if (mode > 0) {
        product = vshlq_r_s32(product, shift);
    }
    int32x4_t t = vqrdmulhq_n_s32(product, mult);
    if (mode < 0) {
        t = vrshlq_n_s32(vqaddq_s32(t, vshrq_n_s32(t, 31)), shift);
    }
    return vminq_s32(vmaxq_s32(vaddq_n_s32(t, zp), act_min), act_max);
}

/* Calls FN(..., mode) with the mode of p's shift (above), the same arguments otherwise. */
#define MG_MUL_MVE_BY_MODE(p, FN, ...)                                                                                 \
    do {                                                                                                               \
        if ((p)->output_shift > 0) {                                                                                   \
            FN(__VA_ARGS__, 1);                                                                                        \
        } else if ((p)->output_shift < 0) {                                                                            \
            FN(__VA_ARGS__, -1);                                                                                       \
        } else {                                                                                                       \
            FN(__VA_ARGS__, 0);                                                                                        \
        }                                                                                                              \
    } while (0)

/* Four elements of an int8 (bits 8) or int16 input from p, or the value at p in every lane (step 0). */
static inline __attribute__((always_inline)) int32x4_t mg_mul_mve_load(const void *p, int step, int bits,
                                                                       mve_pred16_t pred)
{
    if (!step) {
        return vdupq_n_s32(bits == 8 ? *(const int8_t *)p : *(const int16_t *)p);
    }
    return bits == 8 ? vldrbq_z_s32((const int8_t *)p, pred) : vldrhq_z_s32((const int16_t *)p, pred);
}

static inline __attribute__((always_inline)) void mg_mul_mve_row(const mg_mul_params *p, const void *a, int step1,
                                                                 const void *b, int step2, void *out, int32_t n,
                                                                 int bits, int mode)
{
    const int32_t size = bits / 8, mult = p->output_multiplier, shift = p->output_shift, zp = p->output_offset;
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    const int32_t offset1 = p->input1_offset, offset2 = p->input2_offset;
    const int8_t *pa = a, *pb = b;
    int8_t *po = out;
    for (; n > 0; n -= 4, pa += 4 * size * step1, pb += 4 * size * step2, po += 4 * size) {
        const mve_pred16_t pred = vctp32q((uint32_t)n);
        const int32x4_t x1 = vaddq_n_s32(mg_mul_mve_load(pa, step1, bits, pred), offset1);
        const int32x4_t x2 = vaddq_n_s32(mg_mul_mve_load(pb, step2, bits, pred), offset2);
        const int32x4_t v = mg_mul_mve_requant(vmulq_s32(x1, x2), mult, shift, mode, zp, act_min, act_max);
        if (bits == 8) {
            vstrbq_p_s32((int8_t *)po, v, pred);
        } else {
            vstrhq_p_s32((int16_t *)(void *)po, v, pred);
        }
    }
}

/* The whole walk, each row dispatched on its inputs' steps. */
static inline __attribute__((always_inline)) void mg_mul_mve_walk(const mg_mul_params *p, const void *input1,
                                                                  const void *input2, void *output, int bits)
{
    const int32_t size = bits / 8, inner = p->extents[MG_BCAST_DIMS - 1];
    const int32_t step1 = p->strides1[MG_BCAST_DIMS - 1], step2 = p->strides2[MG_BCAST_DIMS - 1];
    const int8_t *in1 = input1, *in2 = input2;
    int8_t *out = output;
    mg_bcast_cursor cur = {{0}, 0, 0};
    for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r, out += inner * size) {
        const int8_t *a = in1 + cur.offset1 * size, *b = in2 + cur.offset2 * size;
        if (step1 && step2) {
            MG_MUL_MVE_BY_MODE(p, mg_mul_mve_row, p, a, 1, b, 1, out, inner, bits);
        } else if (step1) {
            MG_MUL_MVE_BY_MODE(p, mg_mul_mve_row, p, a, 1, b, 0, out, inner, bits);
        } else if (step2) {
            MG_MUL_MVE_BY_MODE(p, mg_mul_mve_row, p, a, 0, b, 1, out, inner, bits);
        } else {
            MG_MUL_MVE_BY_MODE(p, mg_mul_mve_row, p, a, 0, b, 0, out, inner, bits);
        }
        mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
    }
}

#endif
#endif
