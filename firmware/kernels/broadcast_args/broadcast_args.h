/* BROADCAST_ARGS (TFLite Micro's broadcast_args.cc): the broadcast shape of two 1-D shape tensors (int32 or
 * int64), aligned at their ends; a missing dimension counts as 1. */
#ifndef MG_BROADCAST_ARGS_H
#define MG_BROADCAST_ARGS_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count1; /* elements of each shape tensor and of the output */
    int32_t count2;
    int32_t output_count;
} mg_broadcast_args_params;

/* Shapes of int32 (wide 0) or int64 (wide 1) elements; MG_ERROR for two dimensions that differ and are both
 * not 1, where TFLite Micro aborts. */
mg_status mg_broadcast_args_generic(const mg_broadcast_args_params *p, const void *shape1, const void *shape2,
                                    void *output, int wide);

extern const mg_registration mg_register_broadcast_args;

#endif
