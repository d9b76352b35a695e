/* int8 MUL in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite's reference MulElementwise /
 * BroadcastMul6DSlow (mul_s8.c): the walk and element of mg_mul_dsp.h, the requantization in three instructions
 * (the generator claims only the nodes for which that is exact, ops/dsp_mul.py). Rows where both inputs step
 * along (same shape, or a vector broadcast over outer dimensions) with a right shift go four elements a word:
 * each input word split into its even and odd bytes as int16 pairs (SXTB16), offset (input 2's doubled, so that
 * the products come out doubled as dsp_requant wants them), four SMULBB/SMULTT products. */
#pragma GCC optimize("O2")
#include "mg_mul_dsp.h"

static inline __attribute__((always_inline)) int8_t requant_right(const mg_mul_dsp_consts *k, int32_t product2,
                                                                  int full_range)
{
    const int32_t v = dsp_requant(product2, k->multiplier, k->add, k->shift);
    return (int8_t)(full_range ? dsp_ssat8(v) : dsp_clamp(v, k->act_min, k->act_max));
}

/* One row of n elements, both inputs stepping along, right shift: words of four, then the rest one by one. Each
 * word of the inputs is read before the output word at the same place is written. */
static inline __attribute__((always_inline)) void row_words(const mg_mul_dsp_consts *k, const int8_t *a,
                                                            const int8_t *b, int8_t *out, int32_t n, int full_range)
{
    const uint32_t offset1 = dsp_pair(k->offset1, k->offset1), offset2x2 = dsp_pair(2 * k->offset2, 2 * k->offset2);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const uint32_t wa = dsp_ld32(a + i), wb = dsp_ld32(b + i);
        const uint32_t a02 = dsp_sadd16(dsp_sxtb16(wa), offset1), a13 = dsp_sadd16(dsp_sxtb16_ror8(wa), offset1);
        const uint32_t b02 = dsp_sxtb16(wb), b13 = dsp_sxtb16_ror8(wb);
        const uint32_t b02x2 = dsp_sadd16(dsp_sadd16(b02, b02), offset2x2);
        const uint32_t b13x2 = dsp_sadd16(dsp_sadd16(b13, b13), offset2x2);
        out[i] = requant_right(k, dsp_smlabb(a02, b02x2, 0), full_range);
        out[i + 1] = requant_right(k, dsp_smlabb(a13, b13x2, 0), full_range);
        out[i + 2] = requant_right(k, dsp_smlatt(a02, b02x2, 0), full_range);
        out[i + 3] = requant_right(k, dsp_smlatt(a13, b13x2, 0), full_range);
    }
    for (; i < n; ++i) {
        out[i] = requant_right(k, 2 * (a[i] + k->offset1) * (b[i] + k->offset2), full_range);
    }
}

static inline __attribute__((always_inline)) void walk(const mg_mul_params *p, const mg_mul_dsp_consts *k,
                                                       const int8_t *input1, const int8_t *input2, int8_t *output,
                                                       int mode, int full_range)
{
    const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
    if (mode == MG_MUL_RIGHT && p->strides1[MG_BCAST_DIMS - 1] && p->strides2[MG_BCAST_DIMS - 1]) {
        mg_bcast_cursor cur = {{0}, 0, 0};
        for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r, output += inner) {
            row_words(k, input1 + cur.offset1, input2 + cur.offset2, output, inner, full_range);
            mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
        }
        return;
    }
    MG_MUL_DSP_WALK(int8_t, p, k, input1, input2, output, mode, 8, full_range);
}

void mg_mul_s8_dsp(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const mg_mul_dsp_consts k = mg_mul_dsp_consts_make(p);
    const int full_range = p->act_min == INT8_MIN && p->act_max == INT8_MAX;
    const int mode = p->output_shift < 0 ? MG_MUL_RIGHT : MG_MUL_LEFT;
    if (mode == MG_MUL_RIGHT && full_range) {
        walk(p, &k, input1, input2, output, MG_MUL_RIGHT, 1);
    } else if (mode == MG_MUL_RIGHT) {
        walk(p, &k, input1, input2, output, MG_MUL_RIGHT, 0);
    } else {
        walk(p, &k, input1, input2, output, MG_MUL_LEFT, 0);
    }
}
