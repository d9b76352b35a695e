/* SLICE (TFLite Micro's slice.cc): a box of the input (begin and size per dimension, up to 5-D), copied by the
 * strided walk of mg_strided_copy.h; float32, int8, int16, int32 and bool as bytes. */
#ifndef MG_SLICE_H
#define MG_SLICE_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_strided_copy.h"

typedef mg_strided_copy_params mg_slice_params;

void mg_slice_generic(const mg_slice_params *p, const void *input, void *output);

extern const mg_registration mg_register_slice;

#endif
