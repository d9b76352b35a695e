/* int8 SOFTMAX in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite's reference_ops::Softmax<int8_t, T>
 * (softmax_s8.c). An int8 row's differences to its maximum take only 256 values, so the generator computes their
 * Q0.31 exps with the reference's fixed-point steps (backend_table, from diff_min up: softmax.h) and the kernel
 * looks them up, an index clamped at 0 for the differences below diff_min (the table's 0): the row maximum four
 * bytes a word, the Q12.19 sum one lookup per element, the reciprocal of the sum as the
 * reference computes it, then each output from one 32x32 -> 64-bit multiply-accumulate: the reference's two
 * roundings (the doubling high multiply, then the rounding shift by `exponent`) nest into one floor of
 * (exp * scale + 2^30 + 2^(30 + exponent)) / 2^(31 + exponent), every term non-negative. Each element is read
 * before its output is written, so an int8 output may overwrite the input. */
#pragma GCC optimize("O2")
#include "mg_dsp.h"
#include "mg_fixedpoint_exp.h"
#include "softmax.h"

#define ACCUMULATION_INTEGER_BITS 12

static inline int32_t ssat16(int32_t x)
{
#if MG_DSP_NATIVE
    return __ssat(x, 16);
#else
    return x < INT16_MIN ? INT16_MIN : x > INT16_MAX ? INT16_MAX : x;
#endif
}

/* x, or 0 when negative: a table index (at most 256) */
static inline int32_t at_least_zero(int32_t x)
{
#if MG_DSP_NATIVE
    return __usat(x, 9);
#else
    return x < 0 ? 0 : x;
#endif
}

static inline int32_t row_max(const int8_t *in, int32_t depth)
{
    int32_t max = INT8_MIN, c = 0;
    if (depth >= 4) {
        uint32_t max4 = dsp_ld32(in);
        for (c = 4; c + 4 <= depth; c += 4) {
            max4 = dsp_max_s8x4(max4, dsp_ld32(in + c));
        }
        max4 = dsp_max_s8x4(max4, max4 >> 16);
        max4 = dsp_max_s8x4(max4, max4 >> 8);
        max = (int8_t)(max4 & 0xFFu);
    }
    for (; c < depth; ++c) {
        max = in[c] > max ? in[c] : max;
    }
    return max;
}

/* The sum of the exps rescaled to Q12.19 (gemmlowp's Rescale: a rounding shift right by 12); at most
 * MG_SOFTMAX_BACKEND_MAX_DEPTH terms of at most 2^19, so it never wraps. */
static inline uint32_t sum_of_exps(const int32_t *exps, int32_t offset, const int8_t *in, int32_t depth)
{
    uint32_t sum = 0;
    int32_t c = 0;
    for (; c + 2 <= depth; c += 2) {
        sum += ((uint32_t)exps[at_least_zero(in[c] + offset)] + 2048u) >> 12;
        sum += ((uint32_t)exps[at_least_zero(in[c + 1] + offset)] + 2048u) >> 12;
    }
    if (c < depth) {
        sum += ((uint32_t)exps[at_least_zero(in[c] + offset)] + 2048u) >> 12;
    }
    return sum;
}

static inline __attribute__((always_inline)) void softmax_s8(const mg_softmax_params *p, const int8_t *input,
                                                             void *output, int output_bits)
{
    const int32_t out_min = output_bits == 16 ? INT16_MIN : INT8_MIN;
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const int8_t *in = input + i * depth;
        /* exps[at_least_zero(x + offset)] is the exp of x - max */
        const int32_t *exps = p->backend_table;
        const int32_t offset = mg_softmax_s8_table_offset(p, row_max(in, depth));
        /* the reference's GetReciprocal: the sum (at least the maximum's 2^19) normalized to [1, 2) */
        const uint32_t sum = sum_of_exps(exps, offset, in, depth);
        const int headroom_plus_one = __builtin_clz(sum);
        const int32_t scale =
            mg_fxp_one_over_one_plus_x_for_x_in_0_1((int32_t)((sum << headroom_plus_one) - (1u << 31)));
        const int exponent = ACCUMULATION_INTEGER_BITS - headroom_plus_one + 31 - output_bits;
        /* exponent >= 15: the high word of exp * scale + 2^30 + 2^(30 + exponent), shifted right by exponent - 1;
         * an exponent over 31 leaves nothing of any product (as in the reference) */
        const uint64_t round = exponent > 31 ? 0 : (uint64_t)1 << (30 + exponent) | (1u << 30);
        const int right_shift = exponent > 31 ? 31 : exponent - 1;
        const uint32_t multiplier = exponent > 31 ? 0 : (uint32_t)scale;
        for (int32_t c = 0; c < depth; ++c) {
            const uint32_t exp = (uint32_t)exps[at_least_zero(in[c] + offset)];
            const uint32_t high = (uint32_t)(((uint64_t)exp * multiplier + round) >> 32);
            const int32_t value = (int32_t)(high >> right_shift) + out_min;
            /* value >= out_min: the saturation only caps it */
            if (output_bits == 16) {
                ((int16_t *)output)[i * depth + c] = (int16_t)ssat16(value);
            } else {
                ((int8_t *)output)[i * depth + c] = (int8_t)dsp_ssat8(value);
            }
        }
    }
}

void mg_softmax_s8_dsp(const mg_softmax_params *p, const void *input, void *output)
{
    softmax_s8(p, input, output, 8);
}

void mg_softmax_s8_s16_dsp(const mg_softmax_params *p, const void *input, void *output)
{
    softmax_s8(p, input, output, 16);
}
