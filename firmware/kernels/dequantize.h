/* DEQUANTIZE: int8 -> float32, output = scale * (input - zero_point). */
#ifndef MG_DEQUANTIZE_H
#define MG_DEQUANTIZE_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;
    float scale;
    int32_t zero_point;
} mg_dequantize_params;

void mg_dequantize_s8_f32(const mg_dequantize_params *p, const int8_t *input, float *output);

extern const mg_registration mg_register_dequantize;

#endif
