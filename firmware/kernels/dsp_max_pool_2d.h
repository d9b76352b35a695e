/* MAX_POOL_2D for the dsp backend (Cortex-M4/M7/M33), int8, bit-exact with TFLite Micro's reference kernel:
 * four channels at a time, the running maximum per byte with SSUB8 and SEL, the activation clamp the same way. */
#ifndef MG_DSP_MAX_POOL_2D_H
#define MG_DSP_MAX_POOL_2D_H

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
} mg_max_pool_2d_dsp_params;

void mg_max_pool_2d_s8_dsp(const mg_max_pool_2d_dsp_params *p, const int8_t *input, int8_t *output);

extern const mg_registration mg_register_max_pool_2d_dsp;

#endif
