/* CAST (TFLite Micro's cast.cc): each element converted with a C cast, static_cast as TFLite Micro does:
 * floats truncate toward zero, integers narrow modulo 2^bits, bools read as 0 or 1. Inputs int8, int16, int32,
 * uint32, float32 and bool; outputs int8, int16, int32, uint32 and float32. */
#ifndef MG_CAST_H
#define MG_CAST_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;      /* elements */
    int32_t input_type; /* MG_* type codes */
    int32_t output_type;
} mg_cast_params;

/* MG_ERROR for a type pair CAST does not have. */
mg_status mg_cast_generic(const mg_cast_params *p, const void *input, void *output);

extern const mg_registration mg_register_cast;

#endif
