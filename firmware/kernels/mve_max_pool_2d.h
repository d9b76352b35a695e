/* MAX_POOL_2D in the mve backend (Cortex-M55 Helium), int8, bit-exact with TFLite Micro's reference kernel: each
 * output is the largest value of the filter window clipped to the input, clamped to the fused activation; 16
 * channels per VMAX. */
#ifndef MG_MVE_MAX_POOL_2D_H
#define MG_MVE_MAX_POOL_2D_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t depth;
    int32_t output_height;
    int32_t output_width;
    int32_t stride_height;
    int32_t stride_width;
    int32_t filter_height;
    int32_t filter_width;
    int32_t padding_height;    /* top/left padding, as TFLite's ComputePaddingHeightWidth gives it */
    int32_t padding_width;
    int32_t act_min;           /* the fused activation as a quantized range */
    int32_t act_max;
} mg_max_pool_2d_mve_params;

void mg_max_pool_2d_s8_mve(const mg_max_pool_2d_mve_params *p, const int8_t *input, int8_t *output);

extern const mg_registration mg_register_max_pool_2d_mve;

#endif
