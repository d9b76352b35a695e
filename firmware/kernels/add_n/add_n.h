/* ADD_N (TFLite Micro's add_n.cc): the element-wise sum of 2 to MG_ADD_N_MAX_INPUTS same-shape inputs.
 * float32 adds in input order starting from 0. int8 follows TFLite's reference AddN: every input shares one
 * quantization; each value, offset by the zero point and shifted left 20 bits, is rescaled to half its scale and
 * summed, starting, as TFLite's does, from the rescaled zero-point offset itself; the sum is rescaled to the
 * output. */
#ifndef MG_ADD_N_H
#define MG_ADD_N_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_ADD_N_MAX_INPUTS 16 /* the registration gathers the input pointers on the stack */

typedef struct {
    int32_t count;            /* elements per tensor */
    int32_t input_offset;     /* int8: minus the inputs' zero point */
    int32_t output_offset;    /* int8: the output zero point */
    int32_t left_shift;       /* int8: 20 */
    int32_t input_multiplier; /* int8: 1/2 as Q31 and shift */
    int32_t input_shift;
    int32_t output_multiplier; /* int8: 2 * input_scale / (2^20 * output_scale) as Q31 and shift (<= 0) */
    int32_t output_shift;
} mg_add_n_params;

void mg_add_n_f32(const mg_add_n_params *p, const float *const *inputs, int32_t num_inputs, float *output);
void mg_add_n_s8(const mg_add_n_params *p, const int8_t *const *inputs, int32_t num_inputs, int8_t *output);

extern const mg_registration mg_register_add_n;

#endif
