/* Per-channel requantization computed on the device from the float32 scales in the model, bit for bit as the
 * generator (and TFLite Micro's PopulateConvolutionQuantizationParams) computes it in double precision:
 *
 *     QuantizeMultiplier(double(input_scale) * double(filter_scale[c]) / double(output_scale))
 *
 * with integer arithmetic only, so per-channel multiplier and shift tables need no flash. */
#ifndef MG_REQUANT_H
#define MG_REQUANT_H

#include <stdint.h>

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

#endif
