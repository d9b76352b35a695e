/* CONCATENATION along one axis: for each of `outer_size` slices, each input's block is copied in turn
 * (int8 without rescaling: TFLite Micro, and so the generator, require inputs quantized as the output). */
#ifndef MG_CONCATENATION_H
#define MG_CONCATENATION_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t num_inputs;
    int32_t outer_size;        /* product of the output dimensions before the axis */
    const int32_t *copy_sizes; /* num_inputs: elements each input contributes per slice */
    int32_t output_count;
} mg_concatenation_params;

/* Any element type: `element_size` bytes per element; `inputs` holds num_inputs data pointers. */
void mg_concatenation_generic(const mg_concatenation_params *p, size_t element_size, const void *const *inputs,
                              void *output);

extern const mg_registration mg_register_concatenation;

#endif
