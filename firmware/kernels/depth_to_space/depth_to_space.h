/* DEPTH_TO_SPACE (TFLite Micro's depth_to_space.cc), NHWC float32 and int8: moves each pixel's channels, in blocks of
 * output depth, into a block_size x block_size patch of output pixels (a fixed permutation, mg_strided_copy.h). */
#ifndef MG_DEPTH_TO_SPACE_H
#define MG_DEPTH_TO_SPACE_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_strided_copy.h"

typedef mg_strided_copy_params mg_depth_to_space_params;

void mg_depth_to_space_generic(const mg_depth_to_space_params *p, const void *input, void *output);

extern const mg_registration mg_register_depth_to_space;

#endif
