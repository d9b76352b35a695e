/* ARG_MAX along one axis: the index of the first largest value, as int32. */
#ifndef MG_ARG_MAX_H
#define MG_ARG_MAX_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t outer_size; /* product of the dimensions before the axis */
    int32_t axis_size;
    int32_t inner_size; /* product of the dimensions after it */
} mg_arg_max_params;

void mg_arg_max_s8(const mg_arg_max_params *p, const int8_t *input, int32_t *output);
void mg_arg_max_f32(const mg_arg_max_params *p, const float *input, int32_t *output);

extern const mg_registration mg_register_arg_max;

#endif
