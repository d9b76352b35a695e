/* int8 SOFTMAX in the mve backend (Cortex-M55 Helium), bit-exact with TFLite's reference_ops::Softmax<int8_t, T>
 * (softmax_s8.c), on the dsp backend's table (softmax.h's backend_table: the Q0.31 exp of each difference to the
 * row maximum from diff_min up, an index clamped at 0 below it): the row maximum sixteen bytes a vector; the Q12.19 sum of the exps four at a time (a gather load
 * from the table, a rounding shift right by 12, an across-vector add); the reciprocal of the sum as the reference
 * computes it; each output as the reference's two roundings, which VQRDMULH and VRSHL compute exactly here
 * (every operand is non-negative). The last vector of a row is tail-predicated. Each vector is read before its
 * outputs are written, so an int8 output may overwrite the input. */
#pragma GCC optimize("O3")
#include "softmax.h"

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

#include "mg_fixedpoint_exp.h"

#define ACCUMULATION_INTEGER_BITS 12

static inline int32_t row_max(const int8_t *in, int32_t depth)
{
    int8_t max = INT8_MIN;
    for (int32_t n = depth; n > 0; n -= 16, in += 16) {
        const mve_pred16_t pred = vctp8q((uint32_t)n);
        max = vmaxvq_p_s8(max, vldrbq_z_s8(in, pred), pred);
    }
    return max;
}

/* The table entries of four inputs: input x's is at x + offset, clamped at 0 (softmax.h). */
static inline __attribute__((always_inline)) int32x4_t gather_exps(const int32_t *exps, int32_t offset,
                                                                   const int8_t *in, mve_pred16_t pred)
{
    const int32x4_t index = vmaxq_s32(vaddq_n_s32(vldrbq_z_s32(in, pred), offset), vdupq_n_s32(0));
    return vldrwq_gather_shifted_offset_z_s32(exps, vreinterpretq_u32_s32(index), pred);
}

static inline __attribute__((always_inline)) void softmax_s8(const mg_softmax_params *p, const int8_t *input,
                                                             void *output, int output_bits)
{
    const int32_t out_min = output_bits == 16 ? INT16_MIN : INT8_MIN;
    const int32x4_t out_max = vdupq_n_s32(output_bits == 16 ? INT16_MAX : INT8_MAX);
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int8_t *in = input + i * depth;
        const int32_t *exps = p->backend_table;
        const int32_t offset = mg_softmax_s8_table_offset(p, row_max(in, depth));

        /* the zeroed lanes of a predicated gather add nothing; the sum cannot wrap (softmax.h) */
        uint32_t sum = 0;
        for (int32_t n = depth, c = 0; n > 0; n -= 4, c += 4) {
            const mve_pred16_t pred = vctp32q((uint32_t)n);
            sum = vaddvaq_u32(sum, vrshrq_n_u32(vreinterpretq_u32_s32(gather_exps(exps, offset, in + c, pred)), 12));
        }

        const int headroom_plus_one = __builtin_clz(sum); /* at least the maximum's 2^19 */
        const int32_t scale =
            mg_fxp_one_over_one_plus_x_for_x_in_0_1((int32_t)((sum << headroom_plus_one) - (1u << 31)));
        const int exponent = ACCUMULATION_INTEGER_BITS - headroom_plus_one + 31 - output_bits;
        /* an exponent over 31 leaves nothing of any product (as in the reference): a zero multiplier */
        const int32_t multiplier = exponent > 31 ? 0 : scale;
        const int32_t neg_shift = exponent > 31 ? 0 : -exponent;
        for (int32_t n = depth, c = 0; n > 0; n -= 4, c += 4) {
            const mve_pred16_t pred = vctp32q((uint32_t)n);
            int32x4_t v = vrshlq_n_s32(vqrdmulhq_n_s32(gather_exps(exps, offset, in + c, pred), multiplier), neg_shift);
            v = vminq_s32(vaddq_n_s32(v, out_min), out_max);
            if (output_bits == 16) {
                vstrhq_p_s32((int16_t *)output + i * depth + c, v, pred);
            } else {
                vstrbq_p_s32((int8_t *)output + i * depth + c, v, pred);
            }
        }
    }
}

void mg_softmax_s8_mve(const mg_softmax_params *p, const void *input, void *output)
{
    softmax_s8(p, input, output, 8);
}

void mg_softmax_s8_s16_mve(const mg_softmax_params *p, const void *input, void *output)
{
    softmax_s8(p, input, output, 16);
}

#endif
