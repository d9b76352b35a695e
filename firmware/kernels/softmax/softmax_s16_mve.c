/* int16 SOFTMAX in the mve backend (Cortex-M55 Helium), bit-exact with TFLite's reference_ops::SoftmaxInt16
 * (softmax_s16.c), four elements a vector: each difference to the row maximum rescaled as TFLite's
 * MultiplyByQuantizedMultiplier (VQRDMULH, then VRSHL of the value lowered by one: the differences are <= 0, so
 * that is the reference's rounding of halves away from zero), interpolated in the exp table from one gathered word
 * per interval (backend_table: the entry in the low half, the slope in the high half), written to the output and
 * summed; the reciprocal of the sum as the reference computes it; each output its exp times the reciprocal,
 * rounded (VRSHL: both non-negative). The last vector of a row is tail-predicated. Each vector is read before
 * its outputs are written, so the output may overwrite the input. */
#pragma GCC optimize("O3")
#include "softmax.h"

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

#include "mg_fixedpoint.h"
#include "mg_lut16.h"

static inline int32_t row_max(const int16_t *in, int32_t depth)
{
    int16_t max = INT16_MIN;
    for (int32_t n = depth; n > 0; n -= 8, in += 8) {
        const mve_pred16_t pred = vctp16q((uint32_t)n);
        max = vmaxvq_p_s16(max, vldrhq_z_s16(in, pred), pred);
    }
    return max;
}

/* The exps of one row into out, returning their sum (Q16.15; at most MG_SOFTMAX_BACKEND_MAX_DEPTH terms of 2^15).
 * The exp table's entries lie in [0, 32767] and an interpolation stays between two of them: no int16 wrap. */
static inline __attribute__((always_inline)) int32_t exps_of_row(const mg_softmax_params *p, const int16_t *in,
                                                                 int16_t *out, int32_t max, int left, int right)
{
    const int32_t *packed = p->backend_table;
    const int32_t multiplier = p->input_multiplier;
    const int32x4_t low_bits = vdupq_n_s32(0x7f), int16_min = vdupq_n_s32(INT16_MIN);
    int32_t sum = 0;
    for (int32_t n = p->depth; n > 0; n -= 4, in += 4, out += 4) {
        const mve_pred16_t pred = vctp32q((uint32_t)n);
        int32x4_t diff = vsubq_n_s32(vldrhq_z_s32(in, pred), max);
        diff = vqrdmulhq_n_s32(vmulq_n_s32(diff, 1 << left), multiplier);
        if (right > 0) {
            diff = vrshlq_n_s32(vqsubq_n_s32(diff, 1), -right);
        }
        const int32x4_t shifted = vmaxq_s32(vaddq_n_s32(diff, 32767), int16_min);
        const uint32x4_t index = vreinterpretq_u32_s32(vaddq_n_s32(vshrq_n_s32(shifted, 7), 256));
        const int32x4_t entry = vldrwq_gather_shifted_offset_z_s32(packed, index, pred);
        const int32x4_t slope_part = vmulq_s32(vshrq_n_s32(entry, 16), vandq_s32(shifted, low_bits));
        const int32x4_t exp = vaddq_s32(vmovlbq_s16(vreinterpretq_s16_s32(entry)), vrshrq_n_s32(slope_part, 7));
        vstrhq_p_s32(out, exp, pred);
        sum = vaddvaq_p_s32(sum, exp, pred);
    }
    return sum;
}

void mg_softmax_s16_mve(const mg_softmax_params *p, const void *input_data, void *output_data)
{
    const int16_t *input = input_data;
    int16_t *output = output_data;
    const int32_t depth = p->depth;
    const int left = p->input_left_shift > 0 ? p->input_left_shift : 0;
    const int right = p->input_left_shift > 0 ? 0 : -p->input_left_shift;
    const int32x4_t int16_max = vdupq_n_s32(INT16_MAX);
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *in = input + i * depth;
        int16_t *out = output + i * depth;
        const int32_t sum_of_exps = exps_of_row(p, in, out, row_max(in, depth), left, right);

        const int headroom_plus_one = __builtin_clz((uint32_t)sum_of_exps); /* the row maximum's exp: sum > 0 */
        const int32_t reciprocal = mg_softmax_s16_reciprocal(sum_of_exps, headroom_plus_one, p->reciprocal_lut);

        /* exp and reciprocal are in [0, 32767]: the product fits, and only the upper clamp can bite */
        const int32_t neg_shift = headroom_plus_one - 31;
        for (int32_t n = depth, c = 0; n > 0; n -= 4, c += 4) {
            const mve_pred16_t pred = vctp32q((uint32_t)n);
            const int32x4_t product = vmulq_n_s32(vldrhq_z_s32(out + c, pred), reciprocal);
            vstrhq_p_s32(out + c, vminq_s32(vrshlq_n_s32(product, neg_shift), int16_max), pred);
        }
    }
}

#endif
