/* TRANSPOSE: output[i0..i4] = input at sum(i_d * in_steps[d]), the permutation folded into the steps. */
#ifndef MG_TRANSPOSE_H
#define MG_TRANSPOSE_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

#define MG_TRANSPOSE_DIMS 5 /* shapes arrive padded in front with 1s to this rank */

typedef struct {
    int32_t num_elements;     /* of the input, and of the output */
    const int32_t *out_shape; /* MG_TRANSPOSE_DIMS output dimensions */
    const int32_t *in_steps;  /* MG_TRANSPOSE_DIMS: input elements between neighbours along each output axis */
} mg_transpose_params;

void mg_transpose_copy(const mg_transpose_params *p, const void *input, void *output, size_t elem_size);

extern const mg_registration mg_register_transpose;

#endif
