/* SUB: output = act(input1 - input2), with NumPy-style broadcasting up to 6-D (see broadcast.h).
 * int8 follows TFLite's scheme: both inputs are shifted left by 20 bits, rescaled to a common scale
 * (twice the larger input scale), subtracted, then rescaled to the output: ADD's parameters. */
#ifndef MG_SUB_H
#define MG_SUB_H

#include <stdint.h>

#include "add.h"

typedef mg_add_params mg_sub_params;

void mg_sub_s8(const mg_sub_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_sub_f32(const mg_sub_params *p, const float *input1, const float *input2, float *output);

extern const mg_registration mg_register_sub;

#endif
