/* MUL: output = act(input1 * input2), with NumPy-style broadcasting up to 6-D (see broadcast.h).
 * int8: the product of the offset inputs is rescaled by input1_scale * input2_scale / output_scale
 * (output_multiplier, output_shift). ADD's parameter block (the input rescaling fields stay unused). */
#ifndef MG_MUL_H
#define MG_MUL_H

#include <stdint.h>

#include "add.h"

typedef mg_add_params mg_mul_params;

void mg_mul_s8(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_mul_f32(const mg_mul_params *p, const float *input1, const float *input2, float *output);

extern const mg_registration mg_register_mul;

#endif
