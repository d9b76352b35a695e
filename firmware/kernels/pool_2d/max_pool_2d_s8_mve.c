/* MAX_POOL_2D in the mve backend (Cortex-M55 Helium), int8, bit-exact with TFLite Micro's reference MaxPool:
 * each output is the largest value of the filter window clipped to the input, clamped to the fused activation; 16
 * channels per VMAX. */
#pragma GCC optimize("O3")
#include "mg_elementwise.h"
#include "pool_2d.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

void mg_max_pool_2d_s8_mve(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int8x16_t act_min = vdupq_n_s8((int8_t)p->act_min), act_max = vdupq_n_s8((int8_t)p->act_max);
    MG_POOL_2D_S8_WINDOWS(p, input, output, width, depth, y, xs, corner, {
        for (int32_t c = 0; c < depth; c += 16) {
            /* the windows are never empty (validate): the clamp's low end starts the maximum */
            int8x16_t m = act_min;
            const int8_t *row = corner + c;
            if (depth - c >= 16) {
                MG_POOL_2D_S8_TAPS(y, xs, row, width, depth, x, { m = vmaxq_s8(m, vldrbq_s8(x)); })
                vstrbq_s8(output + c, vminq_s8(m, act_max));
                continue;
            }
            const mve_pred16_t pred = vctp8q((uint32_t)(depth - c));
            MG_POOL_2D_S8_TAPS(y, xs, row, width, depth, x, { m = vmaxq_s8(m, vldrbq_z_s8(x, pred)); })
            vstrbq_p_s8(output + c, vminq_s8(m, act_max), pred);
        }
    })
}

#endif
