/* int16 SOFTMAX in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite's reference_ops::SoftmaxInt16
 * (softmax_s16.c): each difference to the row maximum rescaled in one multiply-accumulate and shift
 * (mg_requantizer, the reference's two roundings in one), then interpolated in the exp table from one word per
 * interval (backend_table: the entry in the low half, the slope to the next in the high half, as the generator
 * packs them), the exps written to the output and summed; the reciprocal of the sum as the reference computes it;
 * each output its exp times the reciprocal, rounded. Each input is read before its output is written, so the
 * output may overwrite the input. */
#pragma GCC optimize("O2")
#include "mg_fixedpoint.h"
#include "mg_lut16.h"
#include "softmax.h"

static inline int32_t row_max(const int16_t *in, int32_t depth)
{
    int32_t max = INT16_MIN;
    for (int32_t c = 0; c < depth; ++c) {
        max = in[c] > max ? in[c] : max;
    }
    return max;
}

/* LUTLookup on a packed interval: entry + (slope * the low 7 bits + 64) >> 7. The exp table's entries lie in
 * [0, 32767] and an interpolation stays between two of them, so the result needs no int16 wrap. */
static inline __attribute__((always_inline)) int32_t packed_lookup(const int32_t *packed, int32_t value)
{
    const int32_t entry = packed[256 + (value >> 7)];
    const int32_t base = (int16_t)entry;
    return base + (((entry >> 16) * (value & 0x7f) + 64) >> 7);
}

void mg_softmax_s16_dsp(const mg_softmax_params *p, const int16_t *input, int16_t *output)
{
    const int32_t depth = p->depth;
    const int32_t *packed = p->backend_table;
    const mg_requantizer q = mg_requantizer_make(p->input_multiplier, p->input_left_shift);
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *in = input + i * depth;
        int16_t *out = output + i * depth;
        const int32_t max_in_row = row_max(in, depth);

        int32_t sum_of_exps = 0; /* Q16.15; at most MG_SOFTMAX_BACKEND_MAX_DEPTH terms of 2^15 */
        for (int32_t c = 0; c < depth; ++c) {
            /* the scaled difference is <= 0: only the lower bound of the int16 saturation can bite */
            int32_t shifted = mg_requantizer_apply(&q, in[c] - max_in_row) + 32767;
            shifted = shifted < INT16_MIN ? INT16_MIN : shifted;
            const int32_t exp = packed_lookup(packed, shifted);
            out[c] = (int16_t)exp;
            sum_of_exps += exp;
        }

        const int headroom_plus_one = __builtin_clz((uint32_t)sum_of_exps); /* the row maximum's exp: sum > 0 */
        const int32_t reciprocal = mg_softmax_s16_reciprocal(sum_of_exps, headroom_plus_one, p->reciprocal_lut);

        /* exp and reciprocal are in [0, 32767]: the product and its rounding fit 32 bits */
        const int right_shift = 31 - headroom_plus_one;
        const int32_t round = 1 << (right_shift - 1);
        for (int32_t c = 0; c < depth; ++c) {
            const int32_t result = (out[c] * reciprocal + round) >> right_shift;
            out[c] = (int16_t)(result > INT16_MAX ? INT16_MAX : result);
        }
    }
}
