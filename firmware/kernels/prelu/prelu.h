/* PRELU (TFLite Micro's prelu.cc): output = input >= 0 ? input : input * alpha, alpha broadcast NumPy-style to
 * the input (mg_binary_loop.h). int8 and int16 (with int8 alpha) rescale each branch to the output as TFLite's
 * BroadcastPrelu4DSlow: input_scale / output_scale, or input_scale * alpha_scale / output_scale for the
 * product with alpha. */
#ifndef MG_PRELU_H
#define MG_PRELU_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and the input's and alpha's element strides, 0 where broadcast */
    const int32_t *strides2;
    int32_t count;        /* output elements */
    int32_t input_offset; /* quantized: minus the input and alpha zero points ... */
    int32_t alpha_offset;
    int32_t output_offset;       /* ... and the output zero point */
    int32_t output_multiplier_1; /* input_scale / output_scale as Q31 and shift */
    int32_t output_shift_1;
    int32_t output_multiplier_2; /* input_scale * alpha_scale / output_scale */
    int32_t output_shift_2;
} mg_prelu_params;

/* TFLite's quantized PReLU step for one input and alpha value, before the clamp to the output type. */
static inline int32_t mg_prelu_quantized(const mg_prelu_params *p, int32_t input, int32_t alpha)
{
    const int32_t value = p->input_offset + input;
    if (value >= 0) {
        return mg_multiply_by_quantized_multiplier(value, p->output_multiplier_1, p->output_shift_1) + p->output_offset;
    }
    return mg_multiply_by_quantized_multiplier(value * (p->alpha_offset + alpha), p->output_multiplier_2,
                                               p->output_shift_2) +
           p->output_offset;
}

void mg_prelu_f32(const mg_prelu_params *p, const float *input, const float *alpha, float *output);
void mg_prelu_s8(const mg_prelu_params *p, const int8_t *input, const int8_t *alpha, int8_t *output);
void mg_prelu_s16(const mg_prelu_params *p, const int16_t *input, const int8_t *alpha, int16_t *output);

extern const mg_registration mg_register_prelu;

#endif
