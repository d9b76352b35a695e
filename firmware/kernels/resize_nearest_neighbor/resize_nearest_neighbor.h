/* RESIZE_NEAREST_NEIGHBOR (NHWC): each output pixel copies the input pixel the generator chose for its row
 * and column (TFLite's GetNearestNeighbor, with align_corners / half_pixel_centers, done on the host). */
#ifndef MG_RESIZE_NEAREST_NEIGHBOR_H
#define MG_RESIZE_NEAREST_NEIGHBOR_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t depth;
    int32_t output_height;
    int32_t output_width;
    const int32_t *source_rows;    /* output_height input rows */
    const int32_t *source_columns; /* output_width input columns */
} mg_resize_nearest_neighbor_params;

/* Any element type: `element_size` bytes per element. */
void mg_resize_nearest_neighbor_generic(const mg_resize_nearest_neighbor_params *p, size_t element_size,
                                        const void *input, void *output);

extern const mg_registration mg_register_resize_nearest_neighbor;

#endif
