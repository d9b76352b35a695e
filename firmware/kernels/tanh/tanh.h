/* TANH, element-wise. int8 (the values are those of output scale 1/128 and zero point 0, as TFLite Micro
 * computes them whatever the output's quantization), int16 (zero points 0, output scale 2^-15;
 * mg_sigmoid_table.h) and float32. LOGISTIC's parameters and int8 input step. */
#ifndef MG_TANH_H
#define MG_TANH_H

#include <stdint.h>

#include "logistic.h"

typedef mg_logistic_params mg_tanh_params;

void mg_tanh_s8(const mg_tanh_params *p, const int8_t *input, int8_t *output);
void mg_tanh_s16(const mg_tanh_params *p, const int16_t *input, int16_t *output);
void mg_tanh_f32(const mg_tanh_params *p, const float *input, float *output);

extern const mg_registration mg_register_tanh;

#endif
