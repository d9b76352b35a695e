/* ADD in the mve backend (Cortex-M55 Helium), int8, inputs of the output's shape (no broadcasting), bit-exact
 * with TFLite Micro's reference AddElementwise: each input is offset, shifted left by 20 bits and rescaled to the
 * common scale, the two are summed and rescaled to the output (TFLite's MultiplyByQuantizedMultiplier each time,
 * see mg_mve.h), four elements per vector. */
#pragma GCC optimize("O3")
#include "add.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

/* RoundingDivideByPOT(t, -neg_shift) as mg_mve.h's, specialised: mode 0 for a shift of 0 (nothing to do), 1 for
 * a right shift of at least 1 (every negative t lowered by one), 2 for either (the correction masked). */
static inline __attribute__((always_inline)) int32x4_t divide(int32x4_t t, int32_t neg_shift, int mode)
{
    if (mode == 0) {
        return t;
    }
    if (mode == 1) {
        return vrshlq_n_s32(vqaddq_s32(t, vshrq_n_s32(t, 31)), neg_shift);
    }
    return mve_rounding_divide(t, vdupq_n_s32(neg_shift));
}

/* TFLite's reference AddFunc on four lanes: offset and shift each input left by 20 (one VMLAS: x * 2^20 +
 * offset * 2^20), rescale each (VQRDMULH and the rounding shift), sum, rescale, add the zero point, clamp. The
 * loop reads element i of each input before it writes output element i (the output may overwrite an input). */
static inline __attribute__((always_inline)) void add_loop(const mg_add_params *p, const int8_t *in1, const int8_t *in2,
                                                           int8_t *out, int mode1, int mode2, int mode_out)
{
    const int32x4_t scale = vdupq_n_s32(1 << p->left_shift);
    const int32_t off1 = p->input1_offset * (1 << p->left_shift), off2 = p->input2_offset * (1 << p->left_shift);
    const int32_t m1 = p->input1_multiplier, s1 = p->input1_shift, m2 = p->input2_multiplier;
    const int32_t s2 = p->input2_shift, mo = p->output_multiplier, so = p->output_shift, zp = p->output_offset;
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    int32_t n = p->count;
    for (; n >= 4; n -= 4, in1 += 4, in2 += 4, out += 4) {
        int32x4_t a = vmlasq_n_s32(vldrbq_s32(in1), scale, off1);
        int32x4_t b = vmlasq_n_s32(vldrbq_s32(in2), scale, off2);
        a = divide(vqrdmulhq_n_s32(a, m1), s1, mode1);
        b = divide(vqrdmulhq_n_s32(b, m2), s2, mode2);
        int32x4_t r = divide(vqrdmulhq_n_s32(vaddq_s32(a, b), mo), so, mode_out);
        vstrbq_s32(out, vminq_s32(vmaxq_s32(vaddq_n_s32(r, zp), act_min), act_max));
    }
    if (n > 0) {
        const mve_pred16_t pred = vctp32q((uint32_t)n);
        int32x4_t a = vmlasq_n_s32(vldrbq_z_s32(in1, pred), scale, off1);
        int32x4_t b = vmlasq_n_s32(vldrbq_z_s32(in2, pred), scale, off2);
        a = divide(vqrdmulhq_n_s32(a, m1), s1, mode1);
        b = divide(vqrdmulhq_n_s32(b, m2), s2, mode2);
        int32x4_t r = divide(vqrdmulhq_n_s32(vaddq_s32(a, b), mo), so, mode_out);
        vstrbq_p_s32(out, vminq_s32(vmaxq_s32(vaddq_n_s32(r, zp), act_min), act_max), pred);
    }
}

void mg_add_s8_mve(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    /* The shifts are never positive (the generator claims no other node): the usual case, the input of the larger
     * scale not shifted (multiplier 2^30) and the others shifted right, has its own loop. */
    const int r1 = p->input1_shift < 0, r2 = p->input2_shift < 0, ro = p->output_shift < 0;
    if (!r1 && r2 && ro) {
        add_loop(p, input1, input2, output, 0, 1, 1);
    } else if (r1 && !r2 && ro) {
        add_loop(p, input1, input2, output, 1, 0, 1);
    } else {
        add_loop(p, input1, input2, output, 2, 2, 2);
    }
}

#endif
