/* FILL (TFLite Micro's fill.cc): every output element a copy of the scalar value input (float32, int32 or int8).
 * The dims input is constant and equals the output's shape (checked by the generator). */
#ifndef MG_FILL_H
#define MG_FILL_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;        /* output elements */
    int32_t element_size; /* bytes per element: 1 or 4 */
} mg_fill_params;

void mg_fill_generic(const mg_fill_params *p, const void *value, void *output);

extern const mg_registration mg_register_fill;

#endif
