/* Requantization for the dsp backend: TFLite Micro's MultiplyByQuantizedMultiplier (a rounding doubling high
 * multiply, then a rounding right shift, half away from zero), plus the output zero point, in three
 * instructions (ADD, SMMLAR, ASR). It is exact for the nodes the generator gives to this backend, which it
 * checks ahead of time (generator/catalog/ops/_dsp_common.py):
 *
 * - the shift is a right shift e of at least 1 (the real multiplier is below 0.5), so there is no left shift;
 * - the accumulator bound |bias| + sum |w| * max |x + input_offset| is below 2^30, so the kernels can work
 *   with twice the accumulator (acc2) in int32;
 * - the rounding sum below fits in int32.
 *
 * Then SaturatingRoundingDoublingHighMul(acc, m) = floor((acc * m + 2^30) / 2^31) = SMMULR(acc2, m) = t (no
 * saturation: m is never INT32_MIN), and RoundingDivideByPOT(t, e) + zp = (t + s + 2^(e-1) + zp * 2^e) >> e with
 * s = -1 for negative t, else 0. The sign of acc2 serves as well as t's: they differ only when t = 0, and then
 * s cannot change the result (2^(e-1) - 1 and 2^(e-1) both shift to 0). So with offset = 2^(e-1) + zp * 2^e:
 *
 *     result = SMMLAR(acc2, m, offset + (acc2 >> 31)) >> e
 */
#ifndef MG_DSP_REQUANT_H
#define MG_DSP_REQUANT_H

#include <stdint.h>

#include "mg_dsp.h"

/* One output channel's constants, precomputed by the generator (four words, one LDM). */
typedef struct {
    int32_t bias;       /* the bias, with whatever the kernel folds into it (see each kernel) */
    int32_t multiplier; /* Q31, in [2^30, 2^31) */
    int32_t offset;     /* 2^(shift-1) + output_zero_point * 2^shift */
    int32_t shift;      /* right shift, >= 1 */
} dsp_channel;

/* acc2 is twice the accumulator. */
static inline int32_t dsp_requant(int32_t acc2, int32_t multiplier, int32_t offset, int32_t shift)
{
    return dsp_smmlar(acc2, multiplier, offset + (acc2 >> 31)) >> shift; /* arithmetic shifts */
}

/* The same for either sign of the shift, from a five-word entry (_dsp_common.fast_requant_entry makes them):
 * multiplier m, offset, left, right, round; SMMLAR(sum << left, m, offset + (sign of the shifted sum & round)) >>
 * right, which is
 * - for a right shift e (left 1, round -1, offset 2^(e-1) + zero point * 2^e, right e) dsp_requant of twice the sum,
 *   exact while twice the sum fits int32 and the rounding sum fits (which the generator checks);
 * - for a left shift s (left s + 1, round 0, offset the zero point, right 0) SMMULR of twice the product sum * 2^s,
 *   floor((sum * 2^s * m + 2^30) / 2^31): TFLite's rounding doubling high multiply of sum * 2^s (m is never
 *   INT32_MIN), plus the zero point, exact while that doubled product fits int32.
 * Both hold exactly when the left shift loses no bit: (sum << left) >> left == sum. */
static inline __attribute__((always_inline)) int32_t dsp_requant_entry(int32_t sum, const int32_t *entry)
{
    const int32_t shifted = (int32_t)((uint32_t)sum << entry[2]);
    return dsp_smmlar(shifted, entry[0], entry[1] + ((shifted >> 31) & entry[4])) >> entry[3];
}

static inline int32_t dsp_clamp(int32_t v, int32_t lo, int32_t hi)
{
    v = v < lo ? lo : v;
    return v > hi ? hi : v;
}

#endif
