/* FULLY_CONNECTED: output[b][o] = act(sum_d input[b][d] * weights[o][d] + bias[o]). */
#ifndef MG_FULLY_CONNECTED_H
#define MG_FULLY_CONNECTED_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t accum_depth;
    int32_t output_depth;
    int32_t input_offset;      /* minus the input zero point */
    int32_t output_offset;     /* the output zero point */
    int32_t per_channel;       /* 1: one weight scale per output channel, 0: one for all */
    int32_t output_multiplier; /* per-tensor: float(input_scale * weight_scale) / output_scale as Q31 ... */
    int32_t output_shift;      /* ... and a power-of-two shift */
    float input_scale;         /* per-channel: with the weights' scales in the model, they give each channel's */
    float output_scale;        /* multiplier and shift (mg_requant.h), as TFLite Micro's Prepare does */
    int32_t act_min;           /* int8: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f;           /* float32: the fused activation range */
    float act_max_f;
} mg_fully_connected_params;

/* weight_scales: per-channel only, the weights' float32 scales in the model (mg_model_tensor_scales). */
void mg_fully_connected_s8(const mg_fully_connected_params *p, const int8_t *input, const int8_t *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output);
void mg_fully_connected_f32(const mg_fully_connected_params *p, const float *input, const float *weights,
                            const float *bias, float *output);

extern const mg_registration mg_register_fully_connected;

#endif
