/* SHAPE: writes the input's dimensions to an int32 output (TFLite Micro has no int64 SHAPE). */
#ifndef MG_SHAPE_H
#define MG_SHAPE_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t num_dims; /* of the input: the output's element count */
} mg_shape_params;

void mg_shape_s32(const mg_shape_params *p, const int32_t *input_dims, int32_t *output);

extern const mg_registration mg_register_shape;

#endif
