/* REVERSE_V2 (TFLite Micro's reverse.cc): the input with the order of elements along some axes reversed, every
 * type as bytes. Output elements are written in order, each read from an input offset that an odometer keeps:
 * reversed axes step backwards from their last element. */
#ifndef MG_REVERSE_V2_H
#define MG_REVERSE_V2_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_REVERSE_DIMS 6

typedef struct {
    const int32_t *extents; /* MG_REVERSE_DIMS extents, outermost first ... */
    const int32_t *strides; /* ... and the input's element stride along each, negative on a reversed axis */
    int32_t start;          /* the input element of output element 0 */
    int32_t count;          /* elements */
    int32_t element_size;   /* bytes per element */
} mg_reverse_v2_params;

void mg_reverse_v2_generic(const mg_reverse_v2_params *p, const void *input, void *output);

extern const mg_registration mg_register_reverse_v2;

#endif
