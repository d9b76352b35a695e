/* QUANTIZE: float32 -> int8 (affine), or int8 -> int8 or uint8 (requantize to another scale and zero point). */
#ifndef MG_QUANTIZE_H
#define MG_QUANTIZE_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;
    float scale;              /* float input: the output scale */
    int32_t zero_point;       /* the output zero point */
    int32_t input_zero_point; /* int8 input */
    int32_t multiplier;       /* int8 input: input_scale / output_scale as Q31 and shift */
    int32_t shift;
} mg_quantize_params;

void mg_quantize_f32_s8(const mg_quantize_params *p, const float *input, int8_t *output);
void mg_requantize_s8(const mg_quantize_params *p, const int8_t *input, int8_t *output);
void mg_requantize_s8_u8(const mg_quantize_params *p, const int8_t *input, uint8_t *output);

extern const mg_registration mg_register_quantize;

#endif
