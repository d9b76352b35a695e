/* int16 SOFTMAX in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite's reference_ops::SoftmaxInt16
 * (softmax_s16.c): each difference to the row maximum (<= 0) rescaled in one SMMLAR and a shift (below), then
 * interpolated in the exp table from one word per interval (backend_table: the entry in the low half, the slope to
 * the next in the high half, as the generator packs them), the exps written to the output and summed; the
 * reciprocal of the sum as the reference computes it; each output its exp times the reciprocal, rounded. Each
 * input is read before its output is written, so the output may overwrite the input.
 *
 * The rescaling, TFLite's MultiplyByQuantizedMultiplier of d <= 0: a = d * 2^left, t = SRDHM(a, m), then for a
 * right shift e the rounding division, which for t <= 0 is (t + 2^(e-1) - 1) >> e. With m in [2^30, 2^31), 2m
 * wrapped to int32 is 2m - 2^32, so SMMLAR(a, 2m - 2^32, a + c) = t + c: one instruction for t plus the rounding
 * constant c (the accumulator operand may wrap; t + c lies within int32). */
#pragma GCC optimize("O2")
#include "mg_dsp.h"
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

static inline int32_t ssat16(int32_t x)
{
#if MG_DSP_NATIVE
    return __ssat(x, 16);
#else
    return x < INT16_MIN ? INT16_MIN : x > INT16_MAX ? INT16_MAX : x;
#endif
}

/* LUTLookup on a packed interval: entry + (slope * the low 7 bits + 64) >> 7. The exp table's entries lie in
 * [0, 32767] and an interpolation stays between two of them, so the result needs no int16 wrap. */
static inline __attribute__((always_inline)) int32_t packed_lookup(const int32_t *packed, int32_t value)
{
    const int32_t entry = packed[256 + (value >> 7)];
    const int32_t base = (int16_t)entry;
    return base + (((entry >> 16) * (value & 0x7f) + 64) >> 7);
}

/* The exps of one row into out, and their sum (Q16.15; at most MG_SOFTMAX_BACKEND_MAX_DEPTH terms of 2^15). */
static inline __attribute__((always_inline)) int32_t exps_of_row(const mg_softmax_params *p, const int16_t *in,
                                                                 int16_t *out, int32_t max, int left, int right)
{
    const int32_t multiplier2 = (int32_t)((uint32_t)p->input_multiplier << 1);
    const uint32_t round = right > 0 ? (1u << (right - 1)) - 1u : 0u;
    int32_t sum = 0;
    for (int32_t c = 0; c < p->depth; ++c) {
        const int32_t a = (in[c] - max) * (1 << left);
        const int32_t scaled = dsp_smmlar(a, multiplier2, (int32_t)((uint32_t)a + round)) >> right;
        /* scaled <= 0: the saturation to int16 only bites below */
        const int32_t exp = packed_lookup(p->backend_table, ssat16(scaled + 32767));
        out[c] = (int16_t)exp;
        sum += exp;
    }
    return sum;
}

void mg_softmax_s16_dsp(const mg_softmax_params *p, const void *input_data, void *output_data)
{
    const int16_t *input = input_data;
    int16_t *output = output_data;
    const int32_t depth = p->depth;
    const int left = p->input_left_shift > 0 ? p->input_left_shift : 0;
    const int right = p->input_left_shift > 0 ? 0 : -p->input_left_shift;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int16_t *in = input + i * depth;
        int16_t *out = output + i * depth;
        const int32_t max_in_row = row_max(in, depth);
        const int32_t sum_of_exps =
            right > 0 ? exps_of_row(p, in, out, max_in_row, 0, right) : exps_of_row(p, in, out, max_in_row, left, 0);

        const int headroom_plus_one = __builtin_clz((uint32_t)sum_of_exps); /* the row maximum's exp: sum > 0 */
        const int32_t reciprocal = mg_softmax_s16_reciprocal(sum_of_exps, headroom_plus_one, p->reciprocal_lut);

        /* exp and reciprocal are in [0, 32767]: the product and its rounding fit 32 bits */
        const int right_shift = 31 - headroom_plus_one;
        const int32_t round = 1 << (right_shift - 1);
        for (int32_t c = 0; c < depth; ++c) {
            out[c] = (int16_t)ssat16((out[c] * reciprocal + round) >> right_shift);
        }
    }
}
