/* DYNAMIC_UPDATE_SLICE (TFLite Micro's dynamic_update_slice.cc): the operand with a block overwritten by the
 * update tensor, at start indices (int32 or int64) read when the node runs, each clamped to [0, operand extent -
 * update extent] so that the block always fits; float32, int8, int16 and int32, moved as bytes. */
#ifndef MG_DYNAMIC_UPDATE_SLICE_H
#define MG_DYNAMIC_UPDATE_SLICE_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_DYNAMIC_UPDATE_SLICE_DIMS 6 /* TFLite Micro's kMaxDimensions */

typedef struct {
    int32_t rank;                   /* 1 to MG_DYNAMIC_UPDATE_SLICE_DIMS */
    const int32_t *operand_dims;    /* rank extents of the operand (and output) ... */
    const int32_t *operand_strides; /* ... and its row-major element strides */
    const int32_t *update_dims;     /* rank extents of the update, each at most the operand's */
    int32_t operand_count;          /* elements */
    int32_t update_count;
    int32_t element_size; /* bytes per element */
} mg_dynamic_update_slice_params;

/* indices: rank start indices, int64 when indices_64, else int32. */
void mg_dynamic_update_slice_generic(const mg_dynamic_update_slice_params *p, const void *operand, const void *update,
                                     const void *indices, int indices_64, void *output);

extern const mg_registration mg_register_dynamic_update_slice;

#endif
