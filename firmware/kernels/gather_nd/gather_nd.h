/* GATHER_ND (TFLite Micro's gather_nd.cc): slices of the params tensor addressed by the rows of an int32 index
 * tensor (each row the leading coordinates of one slice); float32 and int8, moved as bytes. */
#ifndef MG_GATHER_ND_H
#define MG_GATHER_ND_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t slices;         /* index rows (the product of the index tensor's dimensions but the last) */
    int32_t index_depth;    /* coordinates per row (the index tensor's last dimension, 1 to 5) */
    const int32_t *strides; /* index_depth element strides of the params' leading dimensions */
    int32_t slice_size;     /* elements per slice */
    int32_t params_count;   /* elements of params: a slice must lie inside them */
    int32_t element_size;   /* bytes per element */
} mg_gather_nd_params;

/* MG_ERROR when a slice falls outside params (TFLite Micro's check, on the flat position). */
mg_status mg_gather_nd_generic(const mg_gather_nd_params *p, const void *params, const int32_t *indices, void *output);

extern const mg_registration mg_register_gather_nd;

#endif
