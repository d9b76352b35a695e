/* SPLIT and SPLIT_V: cut the input along an axis into consecutive pieces, one per output. */
#ifndef MG_SPLIT_H
#define MG_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t num_outputs;
    int32_t outer_size;        /* product of the input dimensions before the axis */
    int32_t input_run;         /* input elements per outer index: axis size times the inner size */
    const int32_t *copy_sizes; /* per output: elements per outer index (its axis size times the inner size) */
    const int32_t *offsets;    /* per output: where its piece starts within an input run */
} mg_split_params;

/* Writes output `index` from its piece of every input run. */
void mg_split_copy(const mg_split_params *p, int32_t index, const void *input, void *output, size_t elem_size);

extern const mg_registration mg_register_split;   /* inputs: axis, data */
extern const mg_registration mg_register_split_v; /* inputs: data, size_splits, axis */

#endif
