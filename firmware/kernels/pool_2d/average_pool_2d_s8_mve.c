/* AVERAGE_POOL_2D in the mve backend (Cortex-M55 Helium), int8, bit-exact with TFLite Micro's reference
 * AveragePool: each output is the mean of the filter window clipped to the input, rounded half away from zero.
 * Sixteen channels at a time sum in int16 lanes (the generator claims windows of at most 256 values, so the sums
 * fit); the division by the window's count is a multiplication by a magic number (VMULH.U32), exact for every sum
 * the window can produce, computed once per distinct count. */
#pragma GCC optimize("O3")
#include "mg_elementwise.h"
#include "pool_2d.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"
#include "mg_mve_pool_divide.h"

/* Sixteen channels' int16 sums (lo: channels 0-7, hi: 8-15) divided by the count, as int16 lanes in order. */
static inline void average16(int16x8_t lo, int16x8_t hi, const mg_mve_pool_divisor *dv, int16x8_t *out_lo,
                             int16x8_t *out_hi)
{
    int32x4_t a = vmovlbq_s16(lo), b = vmovltq_s16(lo), c = vmovlbq_s16(hi), d = vmovltq_s16(hi);
    const int32_t count = dv->count;
    if (count > 1) {
        const int32_t half = count / 2, shift = dv->shift;
        const uint32_t magic = dv->magic;
        a = mg_mve_pool_divide(a, half, magic, shift);
        b = mg_mve_pool_divide(b, half, magic, shift);
        c = mg_mve_pool_divide(c, half, magic, shift);
        d = mg_mve_pool_divide(d, half, magic, shift);
    }
    *out_lo = vmovntq_s32(vmovnbq_s32(lo, a), b);
    *out_hi = vmovntq_s32(vmovnbq_s32(hi, c), d);
}

void mg_average_pool_2d_s8_mve(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int16x8_t act_min = vdupq_n_s16((int16_t)p->act_min), act_max = vdupq_n_s16((int16_t)p->act_max);
    mg_mve_pool_divisor dv = {1, 0, 0};
    MG_POOL_2D_S8_WINDOWS(p, input, output, width, depth, y, xs, corner, {
        const int32_t count = (y.end - y.first) * (xs.end - xs.first);
        if (count != dv.count) {
            mg_mve_pool_set_divisor(&dv, count);
        }
        for (int32_t c = 0; c < depth; c += 16) {
            int16x8_t lo = vdupq_n_s16(0), hi = lo;
            const int8_t *row = corner + c;
            if (depth - c >= 16) {
                MG_POOL_2D_S8_TAPS(y, xs, row, width, depth, x, {
                    lo = vaddq_s16(lo, vldrbq_s16(x));
                    hi = vaddq_s16(hi, vldrbq_s16(x + 8));
                })
                average16(lo, hi, &dv, &lo, &hi);
                vstrbq_s16(output + c, vminq_s16(vmaxq_s16(lo, act_min), act_max));
                vstrbq_s16(output + c + 8, vminq_s16(vmaxq_s16(hi, act_min), act_max));
                continue;
            }
            /* the last 1-15 channels, under predicates */
            const mve_pred16_t p_lo = vctp16q((uint32_t)(depth - c));
            const mve_pred16_t p_hi = vctp16q((uint32_t)(depth - c > 8 ? depth - c - 8 : 0));
            MG_POOL_2D_S8_TAPS(y, xs, row, width, depth, x, {
                lo = vaddq_s16(lo, vldrbq_z_s16(x, p_lo));
                hi = vaddq_s16(hi, vldrbq_z_s16(x + 8, p_hi));
            })
            average16(lo, hi, &dv, &lo, &hi);
            vstrbq_p_s16(output + c, vminq_s16(vmaxq_s16(lo, act_min), act_max), p_lo);
            vstrbq_p_s16(output + c + 8, vminq_s16(vmaxq_s16(hi, act_min), act_max), p_hi);
        }
    })
}

#endif
