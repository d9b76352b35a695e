/* REVERSE_V2 (TFLite Micro's reverse.cc): the input with the order of elements along some axes reversed, every
 * type as bytes (mg_strided_copy.h): reversed axes step backwards from their last element. */
#ifndef MG_REVERSE_V2_H
#define MG_REVERSE_V2_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_strided_copy.h"

/* extents and strides over MG_STRIDED_COPY_DIMS dimensions, strides negative on a reversed axis */
typedef mg_strided_copy_params mg_reverse_v2_params;

void mg_reverse_v2_generic(const mg_reverse_v2_params *p, const void *input, void *output);

extern const mg_registration mg_register_reverse_v2;

#endif
