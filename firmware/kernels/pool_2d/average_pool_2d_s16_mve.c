/* AVERAGE_POOL_2D in the mve backend (Cortex-M55 Helium), int16, bit-exact with TFLite Micro's reference
 * AveragePool: eight channels at a time summed in two int32 vectors (four widened loads each), then the reference's
 * rounded division (half away from zero, C's truncating division) as a multiplication by a magic number
 * (mg_mve_pool_divide.h), clamped and stored as a vector.
 * Each pixel's outputs are written after its window is read (the family's overlap). */
#pragma GCC optimize("O3")
#include "pool_2d.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"
#include "mg_mve_pool_divide.h"

/* The sums of four channels divided by the window's count as TFLite does (mg_mve_pool_divide.h), clamped. */
static inline int32x4_t average4(int32x4_t sum, const mg_mve_pool_divisor *dv, const int32x4_t act_min,
                                 const int32x4_t act_max)
{
    if (dv->count > 1) {
        sum = mg_mve_pool_divide(sum, dv->count / 2, dv->magic, dv->shift);
    }
    return vminq_s32(vmaxq_s32(sum, act_min), act_max);
}

void mg_average_pool_2d_s16_mve(const mg_pool_2d_params *p, const int16_t *input, int16_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    mg_mve_pool_divisor dv = {1, 0, 0};
    MG_POOL_2D_WINDOWS(int16_t, p, input, output, width, depth, y, xs, corner, {
        const int32_t count = (y.end - y.first) * (xs.end - xs.first);
        if (count != dv.count) {
            mg_mve_pool_set_divisor(&dv, count);
        }
        for (int32_t c = 0; c < depth; c += 8) {
            int32x4_t lo = vdupq_n_s32(0), hi = lo;
            const int16_t *row = corner + c;
            /* the last 1-7 channels under predicates (all true for a full group of eight) */
            const mve_pred16_t p_lo = vctp32q((uint32_t)(depth - c));
            const mve_pred16_t p_hi = vctp32q((uint32_t)(depth - c > 4 ? depth - c - 4 : 0));
            MG_POOL_2D_TAPS(int16_t, y, xs, row, width, depth, x, {
                lo = vaddq_s32(lo, vldrhq_z_s32(x, p_lo));
                hi = vaddq_s32(hi, vldrhq_z_s32(x + 4, p_hi));
            })
            vstrhq_p_s32(output + c, average4(lo, &dv, act_min, act_max), p_lo);
            vstrhq_p_s32(output + c + 4, average4(hi, &dv, act_min, act_max), p_hi);
        }
    })
}

#endif
