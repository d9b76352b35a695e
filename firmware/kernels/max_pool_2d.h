/* MAX_POOL_2D: each output is the largest value in the filter window clipped to the input (NHWC).
 * Parameters: pool_2d.h. Kernels: mg_max_pool_2d_s8, _f32 (reference), mg_max_pool_2d_s8_dsp
 * (max_pool_2d_s8_dsp.c), mg_max_pool_2d_s8_mve (max_pool_2d_s8_mve.c). */
#ifndef MG_MAX_POOL_2D_H
#define MG_MAX_POOL_2D_H

#include <stdint.h>

#include "pool_2d.h"

void mg_max_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_max_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output);

extern const mg_registration mg_register_max_pool_2d;

#endif
