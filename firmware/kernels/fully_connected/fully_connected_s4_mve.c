#pragma GCC optimize("O3")
/* FULLY_CONNECTED (mve backend) with int4 weights. With an even depth (each weight row whole bytes), the packed
 * weights are read in place: a vector of 16 bytes holds 32 values, the even ones in the low nibbles, so VSHL #4 and
 * VAND #0xF0 give the even and odd values times 16 as bytes, and VMLADAVA meets them with the input split once per
 * batch row into its even and odd elements (scratch), four rows sharing each input load; the sums are 16 times TFLite's, exact (the generator claims a node only when 16 times the largest sum fits int32) and shifted back
 * before the table's requantization (mg_mve.h; the input offset folded into its biases). An odd depth widens the
 * whole tensor into scratch and runs the int8 kernel (fully_connected_s8_mve.c). */
#include "fully_connected.h"
#include "mg_int4.h"

size_t mg_fully_connected_s4_mve_scratch_size(int32_t accum_depth, int32_t output_depth)
{
    if (accum_depth % 2 == 0) {
        return 2u * mg_int4_widened_bytes(accum_depth / 2); /* the even and the odd inputs */
    }
    return mg_int4_widened_bytes(accum_depth * output_depth);
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

/* 16 times the sum of the products of the packed row w (half bytes) with the split input. */
static inline int32_t row_sum16(const int8_t *w, const int8_t *even, const int8_t *odd, int32_t half)
{
    int32_t acc = 0;
    for (int32_t k = 0; k < half; k += 16) {
        const int8x16_t v = vldrbq_z_s8(w + k, vctp8q((uint32_t)(half - k)));
        acc = vmladavaq_s8(acc, vshlq_n_s8(v, 4), vldrbq_s8(even + k));
        acc = vmladavaq_s8(acc, vandq_s8(v, vdupq_n_s8((int8_t)0xF0)), vldrbq_s8(odd + k));
    }
    return acc;
}

/* The same for four rows w, w + half, ... at once, sharing the input loads, into sums (shifted back). */
static inline void four_row_sums(const int8_t *w, const int8_t *even, const int8_t *odd, int32_t half, int32_t *sums)
{
    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    const int8x16_t high = vdupq_n_s8((int8_t)0xF0);
    for (int32_t k = 0; k < half; k += 16) {
        const mve_pred16_t tail = vctp8q((uint32_t)(half - k));
        const int8x16_t xe = vldrbq_s8(even + k), xo = vldrbq_s8(odd + k);
        const int8x16_t v0 = vldrbq_z_s8(w + k, tail), v1 = vldrbq_z_s8(w + half + k, tail);
        const int8x16_t v2 = vldrbq_z_s8(w + 2 * half + k, tail), v3 = vldrbq_z_s8(w + 3 * half + k, tail);
        a0 = vmladavaq_s8(vmladavaq_s8(a0, vshlq_n_s8(v0, 4), xe), vandq_s8(v0, high), xo);
        a1 = vmladavaq_s8(vmladavaq_s8(a1, vshlq_n_s8(v1, 4), xe), vandq_s8(v1, high), xo);
        a2 = vmladavaq_s8(vmladavaq_s8(a2, vshlq_n_s8(v2, 4), xe), vandq_s8(v2, high), xo);
        a3 = vmladavaq_s8(vmladavaq_s8(a3, vshlq_n_s8(v3, 4), xe), vandq_s8(v3, high), xo);
    }
    sums[0] = a0 >> 4;
    sums[1] = a1 >> 4;
    sums[2] = a2 >> 4;
    sums[3] = a3 >> 4;
}

void mg_fully_connected_s4_mve(const mg_fully_connected_mve_params *p, const int8_t *input, const void *weights,
                               int8_t *output, int8_t *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth;
    if (depth % 2) {
        mg_unpack_int4_all(weights, outputs * depth, scratch);
        mg_fully_connected_s8_mve(p, input, scratch, output);
        return;
    }
    const int32_t half = depth / 2, padded = (int32_t)mg_int4_widened_bytes(half);
    int8_t *even = scratch, *odd = scratch + padded;
    const int32_t stride = MVE_TABLE_STRIDE(p->left_shift);
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const int8_t *x = input + b * depth;
        for (int32_t k = 0; k < padded; ++k) { /* zeros past the depth: the weights' tail loads are zero too */
            even[k] = k < half ? x[2 * k] : 0;
            odd[k] = k < half ? x[2 * k + 1] : 0;
        }
        const int8_t *w = weights;
        const int32_t *table = p->table;
        int8_t *out = output + b * outputs;
        for (int32_t o = 0; o < outputs; o += 4, w += 4 * half, table += stride) {
            int32_t sums[4] = {0, 0, 0, 0};
            if (o + 4 <= outputs) {
                four_row_sums(w, even, odd, half, sums);
            } else {
                for (int32_t r = 0; o + r < outputs; ++r) {
                    sums[r] = row_sum16(w + r * half, even, odd, half) >> 4;
                }
            }
            const int32x4_t acc =
                mve_requant_group(vldrwq_s32(sums), table, p->left_shift, p->output_offset, act_min, act_max);
            vstrbq_p_s32(out + o, acc, vctp32q((uint32_t)(outputs - o)));
        }
    }
}

#endif
