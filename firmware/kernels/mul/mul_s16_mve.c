/* int16 MUL in the mve backend (Cortex-M55 Helium), bit-exact with TFLite's reference MulElementwise /
 * BroadcastMul6DSlow on int16 (mul_s16.c): the walk and rows of mg_mul_mve.h on int16 (zero points 0; products up
 * to 2^30 fit the int32 lanes), except rows where both inputs step along, which go eight elements a vector: the
 * even and odd lanes' products (VMULLB, VMULLT) each requantized four at a time and narrowed back into one vector
 * (VMOVNB, VMOVNT). */
#pragma GCC optimize("O3")
#include "mg_mul_mve.h"

#if defined(__ARM_FEATURE_MVE)

/* One row, both inputs stepping along; each vector of the inputs is read before the same outputs are written. */
static inline __attribute__((always_inline)) void row_s16(const mg_mul_params *p, const int16_t *a, const int16_t *b,
                                                          int16_t *out, int32_t n, int mode)
{
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    const int32_t mult = p->output_multiplier, shift = p->output_shift, zp = p->output_offset;
    for (; n > 0; n -= 8, a += 8, b += 8, out += 8) {
        const mve_pred16_t pred = vctp16q((uint32_t)n);
        const int16x8_t x1 = vldrhq_z_s16(a, pred), x2 = vldrhq_z_s16(b, pred);
        const int32x4_t even = mg_mul_mve_requant(vmullbq_int_s16(x1, x2), mult, shift, mode, zp, act_min, act_max);
        const int32x4_t odd = mg_mul_mve_requant(vmulltq_int_s16(x1, x2), mult, shift, mode, zp, act_min, act_max);
        vstrhq_p_s16(out, vmovntq_s32(vmovnbq_s32(vuninitializedq_s16(), even), odd), pred);
    }
}

void mg_mul_s16_mve(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    if (p->strides1[MG_BCAST_DIMS - 1] && p->strides2[MG_BCAST_DIMS - 1]) {
        const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
        mg_bcast_cursor cur = {{0}, 0, 0};
        for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r, output += inner) {
            MG_MUL_MVE_BY_MODE(p, row_s16, p, input1 + cur.offset1, input2 + cur.offset2, output, inner);
            mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
        }
        return;
    }
    mg_mul_mve_walk(p, input1, input2, output, 16);
}

#endif
