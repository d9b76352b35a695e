/* FULLY_CONNECTED in the mve backend (Cortex-M55 Helium), int8: output[b][o] = act(requant(sum_d input[b][d] *
 * weights[o][d] + bias[o])), bit-exact with TFLite Micro. The input offset is folded into the bias ahead of time
 * (bias + input_offset * sum_d weights[o][d]), so the inner loop multiplies raw int8 values (mve_matmul.h). */
#ifndef MG_MVE_FULLY_CONNECTED_H
#define MG_MVE_FULLY_CONNECTED_H

#include <stdint.h>

#include "mg_kernel.h"
#include "mve_util.h"

typedef struct {
    int32_t batches;
    int32_t accum_depth;
    int32_t output_depth;
    const int32_t *table;     /* the requantization table (mve_util.h) */
    int32_t left_shift;
    int32_t output_offset;    /* the output zero point */
    int32_t act_min;          /* the fused activation as a quantized range */
    int32_t act_max;
} mg_fully_connected_mve_params;

void mg_fully_connected_s8_mve(const mg_fully_connected_mve_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output);

extern const mg_registration mg_register_fully_connected_mve;

#endif
