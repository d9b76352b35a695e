/* TANH, element-wise. int8 (the values are those of output scale 1/128 and zero point 0, as TFLite Micro
 * computes them whatever the output's quantization) and float32. */
#ifndef MG_TANH_H
#define MG_TANH_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;
    int32_t input_zero_point;
    int32_t input_range_radius; /* |x - zero point| at or beyond this saturates the output */
    int32_t input_multiplier;   /* input_scale * 2^27 as a Q31 multiplier ... */
    int32_t input_left_shift;   /* ... and a power-of-two shift: the input as Q4.27 */
} mg_tanh_params;

void mg_tanh_s8(const mg_tanh_params *p, const int8_t *input, int8_t *output);
void mg_tanh_f32(const mg_tanh_params *p, const float *input, float *output);

extern const mg_registration mg_register_tanh;

#endif
