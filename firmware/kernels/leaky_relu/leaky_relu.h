/* LEAKY_RELU: output = x > 0 ? x : alpha * x.
 * int8 and int16, as TFLite Micro's QuantizeLeakyRelu: the offset input is rescaled with input_scale /
 * output_scale when it is >= 0 and with input_scale * alpha / output_scale when it is negative, then offset and
 * clamped to the type's range. */
#ifndef MG_LEAKY_RELU_H
#define MG_LEAKY_RELU_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    int32_t count;            /* elements */
    int32_t input_zero_point; /* int8, int16 */
    int32_t output_zero_point;
    int32_t multiplier_identity; /* input_scale / output_scale as Q31 and shift */
    int32_t shift_identity;
    int32_t multiplier_alpha; /* input_scale * alpha / output_scale (negative when alpha is) */
    int32_t shift_alpha;
    float alpha; /* float32 */
} mg_leaky_relu_params;

/* One int8 or int16 element, offset and rescaled; the caller adds nothing but the clamp to its type. */
static inline int32_t mg_leaky_relu_element(const mg_leaky_relu_params *p, int32_t input)
{
    const int32_t x = input - p->input_zero_point;
    const int32_t scaled = x >= 0 ? mg_multiply_by_quantized_multiplier(x, p->multiplier_identity, p->shift_identity)
                                  : mg_multiply_by_quantized_multiplier(x, p->multiplier_alpha, p->shift_alpha);
    return p->output_zero_point + scaled;
}

void mg_leaky_relu_s8(const mg_leaky_relu_params *p, const int8_t *input, int8_t *output);
void mg_leaky_relu_s16(const mg_leaky_relu_params *p, const int16_t *input, int16_t *output);
void mg_leaky_relu_f32(const mg_leaky_relu_params *p, const float *input, float *output);

extern const mg_registration mg_register_leaky_relu;

#endif
