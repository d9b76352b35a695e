/* int16 ADD in the mve backend (Cortex-M55 Helium), bit-exact with TFLite Micro's reference AddElementwise /
 * BroadcastAdd6DSlow on int16 (add_s16.c), with the reference's broadcasting: the walk of mg_broadcast.h one
 * innermost row at a time, each input stepping by 1 or 0 along it (a value that does not step is rescaled once per
 * row). Four elements per vector: each input offset and shifted left by 15 (one VMLAS), rescaled (VQRDMULH and the
 * rounding shift of mg_mve.h), summed, rescaled to the output, offset and clamped. Element i of each input is read
 * before output i is written: the output may overwrite a same-shape input. */
#pragma GCC optimize("O3")
#include "add.h"
#include "mg_broadcast.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

/* MultiplyByQuantizedMultiplier(t, m, shift) for shift <= 0 (the generator's multipliers for ADD). */
static inline __attribute__((always_inline)) int32x4_t rescale(int32x4_t t, int32_t m, int32_t shift)
{
    return mve_rounding_divide(vqrdmulhq_n_s32(t, m), vdupq_n_s32(shift));
}

static inline int32_t rescale_one(const mg_add_params *p, int32_t x, int32_t offset, int32_t m, int32_t shift)
{
    return mg_multiply_by_quantized_multiplier((x + offset) * (1 << p->left_shift), m, shift);
}

/* The output of four sums. */
static inline __attribute__((always_inline)) int32x4_t output_of(const mg_add_params *p, int32x4_t sum)
{
    const int32x4_t r = vaddq_n_s32(rescale(sum, p->output_multiplier, p->output_shift), p->output_offset);
    return vminq_s32(vmaxq_s32(r, vdupq_n_s32(p->act_min)), vdupq_n_s32(p->act_max));
}

/* Four rescaled values of an input from x (widened int16 lanes). */
static inline __attribute__((always_inline)) int32x4_t input_of(const mg_add_params *p, int32x4_t x, int32_t offset,
                                                                int32_t m, int32_t shift)
{
    return rescale(vmlasq_n_s32(x, vdupq_n_s32(1 << 15), offset * (1 << 15)), m, shift);
}

static void both_row(const mg_add_params *p, const int16_t *a, const int16_t *b, int16_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i += 4) {
        const mve_pred16_t pred = vctp32q((uint32_t)(n - i));
        const int32x4_t x =
            input_of(p, vldrhq_z_s32(a + i, pred), p->input1_offset, p->input1_multiplier, p->input1_shift);
        const int32x4_t y =
            input_of(p, vldrhq_z_s32(b + i, pred), p->input2_offset, p->input2_multiplier, p->input2_shift);
        vstrhq_p_s32(out + i, output_of(p, vaddq_s32(x, y)), pred);
    }
}

/* A row where input a steps (offset, m, shift its rescaling) and the other input's rescaled value is `other`. */
static void one_row(const mg_add_params *p, const int16_t *a, int32_t offset, int32_t m, int32_t shift, int32_t other,
                    int16_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i += 4) {
        const mve_pred16_t pred = vctp32q((uint32_t)(n - i));
        const int32x4_t x = input_of(p, vldrhq_z_s32(a + i, pred), offset, m, shift);
        vstrhq_p_s32(out + i, output_of(p, vaddq_n_s32(x, other)), pred);
    }
}

void mg_add_s16_mve(const mg_add_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
    const int32_t step1 = p->strides1[MG_BCAST_DIMS - 1], step2 = p->strides2[MG_BCAST_DIMS - 1];
    const int32_t o1 = p->input1_offset, m1 = p->input1_multiplier, s1 = p->input1_shift;
    const int32_t o2 = p->input2_offset, m2 = p->input2_multiplier, s2 = p->input2_shift;
    mg_bcast_cursor cur = {{0}, 0, 0};
    for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r, output += inner) {
        const int16_t *a = input1 + cur.offset1, *b = input2 + cur.offset2;
        if (step1 && step2) {
            both_row(p, a, b, output, inner);
        } else if (step1) {
            one_row(p, a, o1, m1, s1, rescale_one(p, b[0], o2, m2, s2), output, inner);
        } else if (step2) {
            one_row(p, b, o2, m2, s2, rescale_one(p, a[0], o1, m1, s1), output, inner);
        } else {
            const int32_t sum = rescale_one(p, a[0], o1, m1, s1) + rescale_one(p, b[0], o2, m2, s2);
            const int32_t v = mg_multiply_by_quantized_multiplier(sum, p->output_multiplier, p->output_shift);
            const int16_t value = (int16_t)mg_clamp(v + p->output_offset, p->act_min, p->act_max);
            for (int32_t i = 0; i < inner; ++i) {
                output[i] = value;
            }
        }
        mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
    }
}

#endif
