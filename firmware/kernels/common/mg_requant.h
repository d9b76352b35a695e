/* Per-channel requantization computed on the device from the float32 scales in the model, bit for bit as the
 * generator (and TFLite Micro's PopulateConvolutionQuantizationParams) computes it in double precision:
 *
 *     QuantizeMultiplier(double(input_scale) * double(filter_scale[c]) / double(output_scale))
 *
 * with integer arithmetic only, so per-channel multiplier and shift tables need no flash. */
#ifndef MG_REQUANT_H
#define MG_REQUANT_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

/* TFLite's QuantizeMultiplier of in * w / out, the three float32 scales given by their bits: the product is
 * exact (as in double), the quotient is rounded to a double's 53 bits (to nearest, ties to even), then to a
 * Q31 multiplier (halves away from zero) with its power-of-two shift; (0, 0) when the real multiplier is
 * below 2^-32. Scales must be positive and finite (the generator checks); any other scale gives (0, 0). */
void mg_quantize_multiplier_from_scales(uint32_t in_scale_bits, uint32_t w_scale_bits, uint32_t out_scale_bits,
                                        int32_t *multiplier, int32_t *shift);

/* Channel c's multiplier and shift for a filter whose scales (little-endian float32s) lie in the model:
 * filter_scales[c], or filter_scales[0] for every channel when the filter has one scale (per_channel 0). */
void mg_requant_channel(float input_scale, float output_scale, const uint8_t *filter_scales, int per_channel, int32_t c,
                        int32_t *multiplier, int32_t *shift);

/* The int8 weighted kernels' inner product: the sum over n of w[i] * (x[i] + input_offset), four terms per
 * step. mg_dot_s8 is it as a function of its own (mg_requant.c), so that the compiler gives its loop all the
 * registers; a loop with few live values of its own may inline it. */
static inline __attribute__((always_inline)) int32_t mg_dot_s8_inline(const int8_t *x, const int8_t *w, int32_t n,
                                                                      int32_t input_offset)
{
    int32_t acc = 0;
    for (const int8_t *end = x + (n & ~3); x != end;) {
        acc += *w++ * (*x++ + input_offset);
        acc += *w++ * (*x++ + input_offset);
        acc += *w++ * (*x++ + input_offset);
        acc += *w++ * (*x++ + input_offset);
    }
    for (n &= 3; n > 0; --n) {
        acc += *w++ * (*x++ + input_offset);
    }
    return acc;
}

int32_t mg_dot_s8(const int8_t *x, const int8_t *w, int32_t n, int32_t input_offset);

/* TFLite's MultiplyByQuantizedMultiplier for an int64 accumulator (the 16x8 kernels): the Q31 multiplier rounded to
 * Q15 (0x7FFF from 0x7FFF0000 on), one 64-bit product, one rounding shift by 15 - shift (shift <= 7: the generator
 * checks). */
static inline int32_t mg_multiply_by_quantized_multiplier_s64(int64_t x, int32_t multiplier, int32_t shift)
{
    const int64_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
    const int32_t total_shift = 15 - shift;
    return (int32_t)((x * reduced + ((int64_t)1 << (total_shift - 1))) >> total_shift);
}

/* The 16x8 kernels' output step (TFLite's reference ConvPerChannel, DepthwiseConvPerChannel and FullyConnected for
 * int16 input): with an int64 bias (or none, by default) TFLite accumulates in int64 and requantizes with the
 * overload above; with an int32 bias (or the options' quantized_bias_type INT32) its accumulator is int32, whose
 * sums wrap modulo 2^32, and the requantization the int8 kernels' one. Then the offset and the clamp. */
typedef struct {
    int accumulator_64;
    int32_t multiplier, shift, offset, act_min, act_max;
} mg_requant_s16_step;

static inline int16_t mg_requant_s16(const mg_requant_s16_step *s, int64_t acc, const void *bias, int32_t channel)
{
    int32_t scaled;
    if (s->accumulator_64) {
        acc += bias ? ((const int64_t *)bias)[channel] : 0;
        scaled = mg_multiply_by_quantized_multiplier_s64(acc, s->multiplier, s->shift);
    } else {
        uint32_t acc32 = (uint32_t)acc + (bias ? (uint32_t)((const int32_t *)bias)[channel] : 0u);
        scaled = mg_multiply_by_quantized_multiplier((int32_t)acc32, s->multiplier, s->shift);
    }
    return (int16_t)mg_clamp(scaled + s->offset, s->act_min, s->act_max);
}

#endif
