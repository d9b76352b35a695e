/* MAX_POOL_2D in the mve backend (Cortex-M55 Helium), int16, bit-exact with TFLite Micro's reference MaxPool: each
 * output is the largest value of the filter window clipped to the input, clamped to the fused activation; 8
 * channels per VMAX. Each pixel's outputs are written after its window is read (the family's overlap). */
#pragma GCC optimize("O3")
#include "pool_2d.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

void mg_max_pool_2d_s16_mve(const mg_pool_2d_params *p, const int16_t *input, int16_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int16x8_t act_min = vdupq_n_s16((int16_t)p->act_min), act_max = vdupq_n_s16((int16_t)p->act_max);
    MG_POOL_2D_WINDOWS(int16_t, p, input, output, width, depth, y, xs, corner, {
        for (int32_t c = 0; c < depth; c += 8) {
            /* the windows are never empty (validate): the clamp's low end starts the maximum */
            int16x8_t m = act_min;
            const int16_t *row = corner + c;
            if (depth - c >= 8) {
                MG_POOL_2D_TAPS(int16_t, y, xs, row, width, depth, x, { m = vmaxq_s16(m, vld1q_s16(x)); })
                vst1q_s16(output + c, vminq_s16(m, act_max));
                continue;
            }
            const mve_pred16_t pred = vctp16q((uint32_t)(depth - c));
            MG_POOL_2D_TAPS(int16_t, y, xs, row, width, depth, x, { m = vmaxq_s16(m, vldrhq_z_s16(x, pred)); })
            vstrhq_p_s16(output + c, vminq_s16(m, act_max), pred);
        }
    })
}

#endif
