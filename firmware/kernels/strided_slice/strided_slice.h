/* STRIDED_SLICE: output = input[start_d : stop_d : stride_d] along each axis. The generator resolves
 * begin/end/strides and the masks exactly as TFLite Micro does into a count and a step per axis. */
#ifndef MG_STRIDED_SLICE_H
#define MG_STRIDED_SLICE_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

#define MG_STRIDED_SLICE_DIMS 5 /* axes arrive padded in front (count 1) to this rank */

typedef struct {
    int32_t input_elements;
    int32_t output_elements; /* the product of counts */
    int32_t base;            /* input element of the first output element */
    const int32_t *counts;   /* MG_STRIDED_SLICE_DIMS: elements taken along each axis */
    const int32_t *steps;    /* MG_STRIDED_SLICE_DIMS: input elements between them (stride times the axis
                                 stride of the input; negative when slicing backwards) */
} mg_strided_slice_params;

void mg_strided_slice_copy(const mg_strided_slice_params *p, const void *input, void *output, size_t elem_size);

extern const mg_registration mg_register_strided_slice;

#endif
