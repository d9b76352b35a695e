/* GATHER (TFLite Micro's gather.cc): slices of the input along one axis, picked by int32 positions, with
 * leading batch dimensions shared by input and positions; float32 and int8, moved as bytes. */
#ifndef MG_GATHER_H
#define MG_GATHER_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;      /* product of the batch_dims leading dimensions */
    int32_t outer;        /* product of the input dimensions between the batch dimensions and the axis */
    int32_t axis_size;    /* the input's extent along the axis: positions must lie in [0, axis_size) */
    int32_t positions;    /* positions per batch */
    int32_t inner;        /* elements per slice (product of the dimensions after the axis) */
    int32_t element_size; /* bytes per element */
    int32_t input_count;  /* elements of input, positions and output: checked in prepare */
    int32_t positions_count;
    int32_t output_count;
} mg_gather_params;

/* MG_ERROR when a position lies outside the axis. */
mg_status mg_gather_generic(const mg_gather_params *p, const void *input, const int32_t *positions, void *output);

extern const mg_registration mg_register_gather;

#endif
