/* L2_NORMALIZATION (TFLite Micro's l2norm.cc): each row along the last dimension divided by its L2 norm.
 * float32: the norm in float, at least 1e-6. int8: TFLite's integer L2Normalization, the inverse norm of the
 * zero-point-offset row from GetInvSqrtQuantizedMultiplierExp, outputs in 1/128 steps (zero point 0). */
#ifndef MG_L2_NORMALIZATION_H
#define MG_L2_NORMALIZATION_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t outer_size;       /* rows */
    int32_t depth;            /* elements per row (the last dimension) */
    int32_t input_zero_point; /* int8 */
} mg_l2_normalization_params;

void mg_l2_normalization_f32(const mg_l2_normalization_params *p, const float *input, float *output);
void mg_l2_normalization_s8(const mg_l2_normalization_params *p, const int8_t *input, int8_t *output);

extern const mg_registration mg_register_l2_normalization;

#endif
