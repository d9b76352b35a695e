/* SPACE_TO_BATCH_ND (TFLite Micro's space_to_batch_nd.cc), 3-D NHC (a width of 1) and 4-D NHWC float32 and
 * int8: the padded spatial dimensions are cut into block_height x block_width tiles whose offsets become
 * batches. Padding pixels are zero bytes: TFLite Micro fills them with SpaceToBatchParams::output_offset, which
 * its kernel never sets (the zeroed persistent buffer), whatever the output zero point. */
#ifndef MG_SPACE_TO_BATCH_ND_H
#define MG_SPACE_TO_BATCH_ND_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t input_batches, input_height, input_width;
    int32_t output_batches, output_height, output_width;
    int32_t block_height, block_width;
    int32_t pad_top, pad_left;
    int32_t depth;        /* channels per pixel */
    int32_t element_size; /* bytes per element */
} mg_space_to_batch_nd_params;

void mg_space_to_batch_nd_generic(const mg_space_to_batch_nd_params *p, const void *input, void *output);

extern const mg_registration mg_register_space_to_batch_nd;

#endif
