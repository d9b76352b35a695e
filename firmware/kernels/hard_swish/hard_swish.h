/* HARD_SWISH: output = x * relu6(x + 3) / 6.
 * int8 follows TFLite's reference HardSwish step for step in 16-bit fixed point: the input on a "hi-res"
 * scale (input_scale / 128), a "relu-ish" factor in [0, 1] from it, their product rescaled to the output. */
#ifndef MG_HARD_SWISH_H
#define MG_HARD_SWISH_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;            /* elements */
    int32_t input_zero_point; /* int8 */
    int32_t output_zero_point;
    int32_t reluish_multiplier_fixedpoint_int16; /* (input_scale / 128) / (3 / 32768) as Q15 ... */
    int32_t reluish_multiplier_exponent;         /* ... and a power-of-two exponent (either sign) */
    int32_t output_multiplier_fixedpoint_int16;  /* (input_scale / 128) / output_scale as Q15 ... */
    int32_t output_multiplier_exponent;          /* ... and an exponent <= 0 */
} mg_hard_swish_params;

void mg_hard_swish_s8(const mg_hard_swish_params *p, const int8_t *input, int8_t *output);
void mg_hard_swish_f32(const mg_hard_swish_params *p, const float *input, float *output);

extern const mg_registration mg_register_hard_swish;

#endif
