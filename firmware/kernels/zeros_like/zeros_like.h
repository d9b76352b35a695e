/* ZEROS_LIKE (TFLite Micro's zeros_like.cc): an output of the input's shape and type, all zeros (int8, int32,
 * int64 and float32, whose 0.0 is all zero bits). */
#ifndef MG_ZEROS_LIKE_H
#define MG_ZEROS_LIKE_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t bytes; /* the output's size */
} mg_zeros_like_params;

void mg_zeros_like_generic(const mg_zeros_like_params *p, void *output);

extern const mg_registration mg_register_zeros_like;

#endif
