/* PACK: stacks `count` inputs of one shape along a new axis of the output. */
#ifndef MG_PACK_H
#define MG_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

/* PACK's and UNPACK's (unpack.h): the tensor with the axis is outer_size runs of count * copy_size elements, each
 * tensor without it outer_size runs of copy_size. */
typedef struct {
    int32_t count;      /* PACK's inputs, UNPACK's outputs: the axis's size */
    int32_t outer_size; /* product of the dimensions before the axis */
    int32_t copy_size;  /* elements after the axis: one contiguous run of a tensor without it */
} mg_pack_params;

/* Writes input `index` into its slots of the output. */
void mg_pack_copy(const mg_pack_params *p, int32_t index, const void *input, void *output, size_t elem_size);

extern const mg_registration mg_register_pack;

#endif
