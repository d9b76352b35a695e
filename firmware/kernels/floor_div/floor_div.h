/* FLOOR_DIV (TFLite Micro's floor_div.cc), float32, with NumPy-style broadcasting up to 6-D (mg_binary_loop.h). */
#ifndef MG_FLOOR_DIV_H
#define MG_FLOOR_DIV_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count;        /* output elements */
    int32_t input2_count; /* the divisor's elements */
} mg_floor_div_params;

/* MG_ERROR when a divisor element is 0, before any output is written, as TFLite Micro fails there. */
mg_status mg_floor_div_f32(const mg_floor_div_params *p, const float *input1, const float *input2, float *output);

extern const mg_registration mg_register_floor_div;

#endif
