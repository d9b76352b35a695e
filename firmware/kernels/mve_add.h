/* ADD in the mve backend (Cortex-M55 Helium), int8, inputs of the output's shape (no broadcasting), bit-exact
 * with TFLite Micro's reference kernel: each input is offset, shifted left by 20 bits and rescaled to the common
 * scale, the two are summed and rescaled to the output (TFLite's MultiplyByQuantizedMultiplier each time, see
 * mve_util.h), four elements per vector. */
#ifndef MG_MVE_ADD_H
#define MG_MVE_ADD_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;             /* elements of each input and of the output */
    int32_t input1_offset;     /* minus the input zero points */
    int32_t input2_offset;
    int32_t output_offset;     /* the output zero point */
    int32_t left_shift;        /* 20 */
    int32_t input1_multiplier; /* input_scale / (2 * max input scale) as Q31 and shift (<= 0) */
    int32_t input1_shift;
    int32_t input2_multiplier;
    int32_t input2_shift;
    int32_t output_multiplier; /* 2 * max input scale / (2^left_shift * output_scale), shift <= 0 */
    int32_t output_shift;
    int32_t act_min;           /* the fused activation as a quantized range */
    int32_t act_max;
} mg_add_mve_params;

void mg_add_s8_mve(const mg_add_mve_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);

extern const mg_registration mg_register_add_mve;

#endif
