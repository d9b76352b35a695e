/* BROADCAST_TO (TFLite Micro's broadcast_to.cc): the input repeated NumPy-style to the output shape (up to 5-D),
 * element by element as bytes, so every type TFLite Micro allows is one kernel. */
#ifndef MG_BROADCAST_TO_H
#define MG_BROADCAST_TO_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_BROADCAST_TO_DIMS 5

typedef struct {
    const int32_t *extents; /* MG_BROADCAST_TO_DIMS output extents, outermost first ... */
    const int32_t *strides; /* ... and the input's element strides in each (0 where it is broadcast) */
    int32_t count;          /* output elements */
    int32_t element_size;   /* bytes per element */
} mg_broadcast_to_params;

void mg_broadcast_to_generic(const mg_broadcast_to_params *p, const void *input, void *output);

extern const mg_registration mg_register_broadcast_to;

#endif
