/* CONV_2D: output[b][y][x][o] = act(sum_{ky,kx,c} input[b][y*sh - ph + ky*dh][x*sw - pw + kx*dw][g*C + c] *
 * filter[o][ky][kx][c] + bias[o]), taps outside the input skipped; g = o / filters_per_group (grouped
 * convolution when the filter has fewer input channels than the input). */
#ifndef MG_CONV_2D_H
#define MG_CONV_2D_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t input_depth;
    int32_t filter_height;
    int32_t filter_width;
    int32_t filter_input_depth; /* input channels per group: input_depth / groups */
    int32_t output_height;
    int32_t output_width;
    int32_t output_depth;
    int32_t filters_per_group;  /* output_depth / groups */
    int32_t stride_height;
    int32_t stride_width;
    int32_t dilation_height;
    int32_t dilation_width;
    int32_t pad_height;         /* TFLite's ComputePaddingHeightWidth: padding before the first row/column */
    int32_t pad_width;
    int32_t input_offset;       /* int8: minus the input zero point */
    int32_t output_offset;      /* int8: the output zero point */
    int32_t per_channel;        /* int8: 1 when the filter has one scale per output channel, 0 for one scale */
    float input_scale;          /* int8: with the filter's scales in the model, they give each channel's */
    float output_scale;         /* multiplier and shift (mg_requant.h), as TFLite Micro's Prepare does */
    int32_t act_min;            /* int8: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f;            /* float32: the fused activation range */
    float act_max_f;
} mg_conv_2d_params;

/* filter_scales: the filter's float32 scales in the model (mg_model_tensor_scales). */
void mg_conv_2d_s8(const mg_conv_2d_params *p, const int8_t *input, const int8_t *filter, const uint8_t *filter_scales,
                   const int32_t *bias, int8_t *output);
void mg_conv_2d_f32(const mg_conv_2d_params *p, const float *input, const float *filter, const float *bias,
                    float *output);

extern const mg_registration mg_register_conv_2d;

#endif
