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
void mg_requant_channel(float input_scale, float output_scale, const uint8_t *filter_scales, int per_channel,
                        int32_t c, int32_t *multiplier, int32_t *shift);

/* Where the model the runtime runs (g_plan.model) holds tensor `tensor`'s quantization scales (little-endian
 * float32s), or NULL when it does not hold exactly `count` of them. */
const uint8_t *mg_model_tensor_scales(int32_t tensor, uint32_t count);

/* What CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED check in prepare once the shapes match their parameters:
 * int8 or float32 throughout, a bias of the right type and size, and for int8 nodes with scale_count > 0 the
 * weights' (input 1's) scales in the model, kept in node->user_data for invoke. */
mg_status mg_prepare_weighted(mg_node *node, int32_t output_depth, uint32_t scale_count);
/* The same in any TFLite flatbuffer; every read is bounds-checked against model_size. */
const uint8_t *mg_flatbuffer_tensor_scales(const uint8_t *model, uint32_t model_size, int32_t tensor,
                                           uint32_t count);

#endif
