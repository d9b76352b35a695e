/* FLOOR_MOD (TFLite Micro's floor_mod.cc), float32, with NumPy-style broadcasting up to 6-D (mg_binary_loop.h). */
#ifndef MG_FLOOR_MOD_H
#define MG_FLOOR_MOD_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count; /* output elements */
} mg_floor_mod_params;

void mg_floor_mod_f32(const mg_floor_mod_params *p, const float *input1, const float *input2, float *output);

extern const mg_registration mg_register_floor_mod;

#endif
