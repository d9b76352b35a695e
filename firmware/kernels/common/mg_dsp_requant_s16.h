/* Requantization for the dsp backend's 16x8 kernels (CONV_2D, FULLY_CONNECTED): TFLite's int64 path
 * (mg_requant.h: the Q31 multiplier rounded to Q15, one product, one rounding shift by 15 - shift) in one SMMULR.
 * The generator claims a node only when the int32 sums plus the bias fit int32 (so the bias is added in int32);
 * for a right shift of 1 to 16 (total shift 16 to 31) the Q15 multiplier moved up by 32 - total shift gives
 *
 *     (acc * reduced + 2^(total_shift - 1)) >> total_shift = (acc * (reduced << (32 - total_shift)) + 2^31) >> 32
 *                                                          = SMMULR(acc, reduced << (17 + shift))
 *
 * exactly. Other shifts, and TFLite's int32 path (an int32 bias), take the reference step. */
#ifndef MG_DSP_REQUANT_S16_H
#define MG_DSP_REQUANT_S16_H

#include <stdint.h>

#include "mg_dsp.h"
#include "mg_requant.h"

typedef struct {
    int32_t bias;            /* int32: the generator checked it fits with the sums */
    int32_t fast_multiplier; /* reduced << (17 + shift), or 0: the reference step */
    int32_t multiplier;      /* TFLite's Q31 multiplier and shift */
    int32_t shift;
} mg_dsp_s16_channel;

/* Channel o's bias as int32 (int64 with accumulator_64, else int32; none: 0). */
static inline int32_t mg_dsp_s16_bias(const void *bias, int accumulator_64, int32_t o)
{
    if (!bias) {
        return 0;
    }
    return accumulator_64 ? (int32_t)((const int64_t *)bias)[o] : ((const int32_t *)bias)[o];
}

/* Channel o's constants from its multiplier and shift and the node's bias (int64 with accumulator_64, else int32). */
static inline mg_dsp_s16_channel mg_dsp_s16_channel_of(int32_t multiplier, int32_t shift, int accumulator_64,
                                                       const void *bias, int32_t o)
{
    mg_dsp_s16_channel ch = {mg_dsp_s16_bias(bias, accumulator_64, o), 0, multiplier, shift};
    if (accumulator_64 && shift >= -16 && shift <= -1) {
        const int32_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
        ch.fast_multiplier = reduced << (17 + shift);
    }
    return ch;
}

/* x saturated to int16 (SSAT), or with relu to [0, 32767] (USAT), the activation ranges of no activation and of
 * ReLU on the symmetric int16 output. */
static inline __attribute__((always_inline)) int32_t mg_dsp_saturate16(int32_t x, int relu)
{
#if MG_DSP_NATIVE
    int32_t r;
    if (relu) {
        __asm__("usat %0, #15, %1" : "=r"(r) : "r"(x));
    } else {
        __asm__("ssat %0, #16, %1" : "=r"(r) : "r"(x));
    }
    return r;
#else
    return mg_clamp(x, relu ? 0 : INT16_MIN, INT16_MAX);
#endif
}

/* The reference step, out of the kernels' loops. */
static __attribute__((noinline, unused)) int16_t mg_dsp_s16_reference_output(const mg_dsp_s16_channel *ch,
                                                                             mg_requant_s16_step *step, int32_t acc)
{
    step->multiplier = ch->multiplier, step->shift = ch->shift;
    return mg_requant_s16(step, acc, 0, 0);
}

/* The output of sum (the int32 sum of products) in channel ch; step holds the node's accumulator type, offset and
 * activation range (its multiplier and shift are set here for the reference step). */
static inline __attribute__((always_inline)) int16_t mg_dsp_s16_output(const mg_dsp_s16_channel *ch,
                                                                       mg_requant_s16_step *step, int32_t sum)
{
    const int32_t acc = sum + ch->bias;
    if (ch->fast_multiplier) {
        return (int16_t)mg_clamp(dsp_smmulr(acc, ch->fast_multiplier) + step->offset, step->act_min, step->act_max);
    }
    return mg_dsp_s16_reference_output(ch, step, acc);
}

#endif
