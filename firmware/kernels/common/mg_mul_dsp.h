/* The dsp backend's MUL (mul_s8_dsp.c, mul_s16_dsp.c): the broadcast walk of mg_broadcast.h, one innermost row at
 * a time, each input stepping by 1 or 0 along the row (the generator merges every other pattern into the outer
 * dimensions), so a row is a same-shape run, a run against one value, or one value. Per element: the offset inputs'
 * product, requantized as TFLite's MultiplyByQuantizedMultiplier in one of three exact ways (MG_MUL_*), the output
 * zero point, the fused activation's clamp (one SSAT for the full range). Element i of each input is read before
 * output i is written, so the output may overwrite a same-shape input. */
#ifndef MG_MUL_DSP_H
#define MG_MUL_DSP_H

#include <stdint.h>

#include "add.h"
#include "mg_broadcast.h"
#include "mg_dsp.h"
#include "mg_dsp_requant.h"

enum {
    MG_MUL_RIGHT = 0, /* int8, shift <= -1: dsp_requant of twice the product (|product| <= 255^2, generator-checked
                         rounding sums) */
    MG_MUL_LEFT = 1,  /* int8, shift >= 0: SMMLAR of the product shifted left by shift + 1 (fits: checked) */
    MG_MUL_S16 = 2,   /* int16, a right shift: |product| reaches 2^30, no room to double it; instead
                         SMMLAR(product, 2m as int32, product + ...) = SRDHM(product, m) + ..., m >= 2^30 */
    MG_MUL_EXACT = 3, /* int16, shift 0: mg_requantizer */
};

typedef struct {
    int32_t offset1, offset2;  /* minus the input zero points */
    int32_t multiplier, shift; /* RIGHT, S16: the right shift; LEFT: shift + 1 */
    int32_t multiplier2;       /* S16: twice the multiplier, wrapped to int32 */
    int32_t add;               /* RIGHT: 2^(e-1) + zp * 2^e; LEFT: zp */
    mg_requantizer exact;      /* EXACT */
    int32_t zero_point, act_min, act_max;
} mg_mul_dsp_consts;

static inline mg_mul_dsp_consts mg_mul_dsp_consts_make(const mg_mul_params *p)
{
    mg_mul_dsp_consts k;
    k.offset1 = p->input1_offset;
    k.offset2 = p->input2_offset;
    k.multiplier = p->output_multiplier;
    k.shift = p->output_shift < 0 ? -p->output_shift : p->output_shift + 1;
    /* unsigned: an int16 node's shift may reach 31 (it uses `exact`; an int8 node's sum fits, ops/dsp_mul.py) */
    k.add = p->output_shift < 0 ? (int32_t)((1u << (k.shift - 1)) + (uint32_t)p->output_offset * (1u << k.shift))
                                : p->output_offset;
    k.multiplier2 = (int32_t)((uint32_t)p->output_multiplier << 1);
    k.exact = mg_requantizer_make(p->output_multiplier, p->output_shift);
    k.zero_point = p->output_offset;
    k.act_min = p->act_min;
    k.act_max = p->act_max;
    return k;
}

static inline __attribute__((always_inline)) int32_t mg_mul_dsp_element(const mg_mul_dsp_consts *k, int32_t product,
                                                                        int mode, int bits, int full_range)
{
    int32_t v;
    if (mode == MG_MUL_RIGHT) {
        v = dsp_requant(product * 2, k->multiplier, k->add, k->shift);
    } else if (mode == MG_MUL_S16) {
        /* t + (product >> 31) + 2^(e-1), t = SRDHM(product, m): the rounding of dsp_requant (mg_dsp_requant.h)
         * with the product's sign; |t| < 2^30 and e <= 31 keep that sum within int32 (the accumulator operand may
         * wrap: SMMLAR adds modulo 2^32) */
        const uint32_t acc = (uint32_t)product + (uint32_t)k->add + (uint32_t)(product >> 31);
        v = dsp_smmlar(product, k->multiplier2, (int32_t)acc) >> k->shift;
    } else if (mode == MG_MUL_LEFT) {
        v = dsp_smmlar((int32_t)((uint32_t)product << k->shift), k->multiplier, k->add);
    } else {
        v = mg_requantizer_apply(&k->exact, product) + k->zero_point;
    }
    if (full_range) {
#if MG_DSP_NATIVE
        return bits == 8 ? __ssat(v, 8) : __ssat(v, 16);
#else
        return bits == 8 ? dsp_clamp(v, INT8_MIN, INT8_MAX) : dsp_clamp(v, INT16_MIN, INT16_MAX);
#endif
    }
    return dsp_clamp(v, k->act_min, k->act_max);
}

/* One row of n outputs; step1, step2: 1 along the row or 0 (one value). T is int8_t or int16_t (bits; int16
 * inputs have zero points 0, as the family's validate requires, so their offsets are left out). */
#define MG_MUL_DSP_ROW(T, k, a, step1, b, step2, out, n, mode, bits, full_range)                                       \
    do {                                                                                                               \
        const int32_t a0_ = (a)[0] + (k)->offset1, b0_ = (b)[0] + (k)->offset2;                                        \
        for (int32_t i_ = 0; i_ < (n); ++i_) {                                                                         \
            const int32_t x1_ = (step1) ? (a)[i_] + ((bits) == 8 ? (k)->offset1 : 0) : a0_;                            \
            const int32_t x2_ = (step2) ? (b)[i_] + ((bits) == 8 ? (k)->offset2 : 0) : b0_;                            \
            (out)[i_] = (T)mg_mul_dsp_element((k), x1_ * x2_, (mode), (bits), (full_range));                           \
        }                                                                                                              \
    } while (0)

/* The whole walk for one (mode, clamp) pair: each row dispatched on its inputs' steps. */
#define MG_MUL_DSP_WALK(T, p, k, input1, input2, output, mode, bits, full_range)                                       \
    do {                                                                                                               \
        const int32_t inner_ = (p)->extents[MG_BCAST_DIMS - 1];                                                        \
        const int32_t s1_ = (p)->strides1[MG_BCAST_DIMS - 1], s2_ = (p)->strides2[MG_BCAST_DIMS - 1];                  \
        T *o_ = (output);                                                                                              \
        mg_bcast_cursor cur_ = {{0}, 0, 0};                                                                            \
        for (int32_t r_ = mg_bcast_rows((p)->extents); r_ > 0; --r_, o_ += inner_) {                                   \
            const T *a_ = (input1) + cur_.offset1, *b_ = (input2) + cur_.offset2;                                      \
            if (s1_ && s2_) {                                                                                          \
                MG_MUL_DSP_ROW(T, k, a_, 1, b_, 1, o_, inner_, mode, bits, full_range);                                \
            } else if (s1_) {                                                                                          \
                MG_MUL_DSP_ROW(T, k, a_, 1, b_, 0, o_, inner_, mode, bits, full_range);                                \
            } else if (s2_) {                                                                                          \
                MG_MUL_DSP_ROW(T, k, a_, 0, b_, 1, o_, inner_, mode, bits, full_range);                                \
            } else {                                                                                                   \
                MG_MUL_DSP_ROW(T, k, a_, 0, b_, 0, o_, inner_, mode, bits, full_range);                                \
            }                                                                                                          \
            mg_bcast_next_row(&cur_, (p)->extents, (p)->strides1, (p)->strides2);                                      \
        }                                                                                                              \
    } while (0)

#endif
