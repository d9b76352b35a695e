/* SOFTMAX over the last dimension: output[i][c] = exp(beta * (x[i][c] - max_i)) / sum_c exp(...).
 * int8 -> int8 (output scale 1/256, zero point -128), int8 -> int16 (scale 1/65536, zero point -32768),
 * int16 -> int16 (scale 1/32768, zero point 0) and float32, as TFLite Micro's reference kernels compute them. */
#ifndef MG_SOFTMAX_H
#define MG_SOFTMAX_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t outer_size; /* rows: every dimension but the last */
    int32_t depth;      /* the last dimension */
    /* int8: beta * input_scale * 2^26 as a Q31 multiplier and a left shift (TFLite's PreprocessSoftmaxScaling);
     * int16: beta * input_scale * 65535 / 10 as a Q31 multiplier and a shift of either sign */
    int32_t input_multiplier;
    int32_t input_left_shift;
    int32_t diff_min;              /* int8: input differences below this contribute nothing */
    float beta;                    /* float32 */
    const int32_t *exp_lut;        /* int16: TFLite's exp table over [-10, 0] (mg_lut16.h) ... */
    const int32_t *reciprocal_lut; /* ... and its 1 / (1 + x) table over [0, 1] */
} mg_softmax_params;

void mg_softmax_s8(const mg_softmax_params *p, const int8_t *input, int8_t *output);
void mg_softmax_s8_s16(const mg_softmax_params *p, const int8_t *input, int16_t *output);
void mg_softmax_s16(const mg_softmax_params *p, const int16_t *input, int16_t *output);
void mg_softmax_f32(const mg_softmax_params *p, const float *input, float *output);

extern const mg_registration mg_register_softmax;

#endif
