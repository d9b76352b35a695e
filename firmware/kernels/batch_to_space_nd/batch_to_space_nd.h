/* BATCH_TO_SPACE_ND (TFLite Micro's batch_to_space_nd.cc), 3-D NHC and 4-D NHWC float32 and int8: the batch is
 * split into a block_height x block_width grid of offsets that interleave into the spatial dimensions, then
 * cropped. Each output row and column maps to one input batch offset and row/column, so the generator gives
 * the movement as per-axis offset tables (mg_table_copy.h), a pixel's channels copied as one block. */
#ifndef MG_BATCH_TO_SPACE_ND_H
#define MG_BATCH_TO_SPACE_ND_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mg_table_copy.h"

typedef mg_table_copy_params mg_batch_to_space_nd_params;

void mg_batch_to_space_nd_generic(const mg_batch_to_space_nd_params *p, const void *input, void *output);

extern const mg_registration mg_register_batch_to_space_nd;

#endif
