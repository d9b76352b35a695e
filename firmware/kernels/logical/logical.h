/* LOGICAL_AND and LOGICAL_OR (TFLite Micro's logical.cc): bools (one byte, 0 or 1) with NumPy-style
 * broadcasting up to 6-D (mg_binary_loop.h). */
#ifndef MG_LOGICAL_H
#define MG_LOGICAL_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count; /* output elements */
} mg_logical_params;

void mg_logical_and_b(const mg_logical_params *p, const uint8_t *input1, const uint8_t *input2, uint8_t *output);
void mg_logical_or_b(const mg_logical_params *p, const uint8_t *input1, const uint8_t *input2, uint8_t *output);

extern const mg_registration mg_register_logical_and;
extern const mg_registration mg_register_logical_or;

#endif
