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

/* MG_ERROR for two dimensions that differ and are both not 1, where TFLite Micro aborts. */
mg_status mg_broadcast_args_s32(const mg_broadcast_args_params *p, const int32_t *shape1, const int32_t *shape2,
                                int32_t *output);
mg_status mg_broadcast_args_s64(const mg_broadcast_args_params *p, const int64_t *shape1, const int64_t *shape2,
                                int64_t *output);

extern const mg_registration mg_register_broadcast_args;

#endif
