/* AVERAGE_POOL_2D for the dsp backend (Cortex-M4/M7/M33), int8, windows of at most 256 taps, bit-exact with
 * TFLite Micro's reference kernel: four channels at a time, summed in 16-bit lanes with SXTAB16 (256 taps of
 * int8 cannot overflow them), then one rounded division per channel. */
#ifndef MG_DSP_AVERAGE_POOL_2D_H
#define MG_DSP_AVERAGE_POOL_2D_H

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
} mg_average_pool_2d_dsp_params;

void mg_average_pool_2d_s8_dsp(const mg_average_pool_2d_dsp_params *p, const int8_t *input, int8_t *output);

extern const mg_registration mg_register_average_pool_2d_dsp;

#endif
