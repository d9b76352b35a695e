/* LOGISTIC: output = 1 / (1 + exp(-x)), element-wise. int8 (output zero point -128; the values are those of
 * scale 1/256, as TFLite Micro computes them) and float32. */
#ifndef MG_LOGISTIC_H
#define MG_LOGISTIC_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;
    int32_t input_zero_point;
    int32_t input_range_radius; /* |x - zero point| at or beyond this saturates the output */
    int32_t input_multiplier;   /* input_scale * 2^27 as a Q31 multiplier ... */
    int32_t input_left_shift;   /* ... and a power-of-two shift: the input as Q4.27 */
} mg_logistic_params;

void mg_logistic_s8(const mg_logistic_params *p, const int8_t *input, int8_t *output);
void mg_logistic_f32(const mg_logistic_params *p, const float *input, float *output);

extern const mg_registration mg_register_logistic;

#endif
