/* MAX_POOL_2D: each output is the largest value in the filter window clipped to the input (NHWC). */
#ifndef MG_MAX_POOL_2D_H
#define MG_MAX_POOL_2D_H

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
    int32_t act_min;           /* int8: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f;           /* float32: the fused activation range */
    float act_max_f;
} mg_max_pool_2d_params;

void mg_max_pool_2d_s8(const mg_max_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_max_pool_2d_f32(const mg_max_pool_2d_params *p, const float *input, float *output);

extern const mg_registration mg_register_max_pool_2d;

#endif
