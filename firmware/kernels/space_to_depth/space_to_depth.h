/* SPACE_TO_DEPTH (TFLite Micro's space_to_depth.cc), NHWC float32 and int8: moves each block_size x block_size patch of
 * pixels into the channels of one output pixel (a fixed permutation, mg_strided_copy.h). */
#ifndef MG_SPACE_TO_DEPTH_H
#define MG_SPACE_TO_DEPTH_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_strided_copy.h"

typedef mg_strided_copy_params mg_space_to_depth_params;

void mg_space_to_depth_generic(const mg_space_to_depth_params *p, const void *input, void *output);

extern const mg_registration mg_register_space_to_depth;

#endif
