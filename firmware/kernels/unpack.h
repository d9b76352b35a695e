/* UNPACK: splits the input along an axis into num outputs, each without that axis. */
#ifndef MG_UNPACK_H
#define MG_UNPACK_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t num;        /* outputs: the input's size along the axis */
    int32_t outer_size; /* product of the input dimensions before the axis */
    int32_t copy_size;  /* elements after the axis: one contiguous run of an output */
} mg_unpack_params;

/* Writes output `index` from its slots of the input. */
void mg_unpack_copy(const mg_unpack_params *p, int32_t index, const void *input, void *output, size_t elem_size);

extern const mg_registration mg_register_unpack;

#endif
