/* DEQUANTIZE (TFLite Micro's dequantize.cc): int8, int16 or uint8 -> float32, output = scale * (input - zero_point).
 * TFLite computes the product in double and rounds it to float once; the float product of these exact operands
 * (a float scale, an integer of at most 17 bits) rounds to the same value. */
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
void mg_dequantize_s16_f32(const mg_dequantize_params *p, const int16_t *input, float *output);
void mg_dequantize_u8_f32(const mg_dequantize_params *p, const uint8_t *input, float *output);

extern const mg_registration mg_register_dequantize;

/* ---- portable backend (cores without an FPU: Cortex-M0/M0+, Cortex-M3), int8 -> float32 ----
 * An int8 input has 256 values: the generator computes each one's float (the same single-precision product) and
 * the kernel copies it, instead of a software conversion and multiplication per element. */
typedef struct {
    int32_t count;
    const int32_t *values; /* [x + 128]: the bits of scale * (x - zero_point) for x = -128..127 */
} mg_dequantize_portable_params;

void mg_dequantize_s8_f32_portable(const mg_dequantize_portable_params *p, const int8_t *input, float *output);

extern const mg_registration mg_register_dequantize_portable;

#endif
