/* RELU and RELU6. float32: max(x, 0) and min(max(x, 0), 6).
 * int8 and int16 RELU requantize, as TFLite Micro's: output = clamp(output_zp + (input - input_zp) * input_scale /
 * output_scale, max(output_zp, type min), type max) (int16: zero points 0). int8 and int16 RELU6 do not: as
 * TFLite Micro's, they clamp in the input's quantization to [input_zp, quantized 6.0], taking the output to share
 * that quantization. */
#ifndef MG_RELU_H
#define MG_RELU_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    int32_t count;            /* elements */
    int32_t input_zero_point; /* int8, int16 RELU: the requantization ... */
    int32_t output_zero_point;
    int32_t output_multiplier; /* input_scale / output_scale as Q31 and shift */
    int32_t output_shift;
    int32_t act_min; /* int8, int16: the clamp range (RELU6: input zero point and quantized 6.0) */
    int32_t act_max;
} mg_relu_params;

/* One int8 or int16 element of RELU, as TFLite Micro's ReluQuantized: requantize, offset, clamp. */
static inline int32_t mg_relu_element(const mg_relu_params *p, int32_t x)
{
    const int32_t scaled =
        mg_multiply_by_quantized_multiplier(x - p->input_zero_point, p->output_multiplier, p->output_shift);
    return mg_clamp(p->output_zero_point + scaled, p->act_min, p->act_max);
}

void mg_relu_s8(const mg_relu_params *p, const int8_t *input, int8_t *output);
void mg_relu6_s8(const mg_relu_params *p, const int8_t *input, int8_t *output);
void mg_relu_s16(const mg_relu_params *p, const int16_t *input, int16_t *output);
void mg_relu6_s16(const mg_relu_params *p, const int16_t *input, int16_t *output);
void mg_relu_f32(const mg_relu_params *p, const float *input, float *output);
void mg_relu6_f32(const mg_relu_params *p, const float *input, float *output);

extern const mg_registration mg_register_relu;
extern const mg_registration mg_register_relu6;

#endif
