/* RESHAPE, SQUEEZE and EXPAND_DIMS: views that keep the bytes and change only the shape (static in the
 * model), so the kernels copy the input to the output, and do nothing when the planner aliases the two. */
#ifndef MG_RESHAPE_H
#define MG_RESHAPE_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t num_elements; /* of the input, and of the output */
} mg_reshape_params;

/* Copies nbytes from input to output; nothing when they are the same buffer. */
void mg_reshape_copy(const void *input, void *output, size_t nbytes);

extern const mg_registration mg_register_reshape;
extern const mg_registration mg_register_squeeze;
extern const mg_registration mg_register_expand_dims;

#endif
