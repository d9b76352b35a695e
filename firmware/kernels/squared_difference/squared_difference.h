/* SQUARED_DIFFERENCE (TFLite Micro's squared_difference.cc): (input1 - input2)^2 element-wise, with
 * NumPy-style broadcasting up to 6-D (mg_binary_loop.h). int8 and int16 follow TFLite's quantized scheme: each
 * input, offset by its zero point and shifted left (7 bits for int8, 0 for int16), is rescaled to half the
 * larger input scale; the squared difference is rescaled to the output and clamped. */
#ifndef MG_SQUARED_DIFFERENCE_H
#define MG_SQUARED_DIFFERENCE_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count;         /* output elements */
    int32_t left_shift;    /* quantized: 7 (int8) or 0 (int16) */
    int32_t input1_offset; /* minus the input zero points */
    int32_t input2_offset;
    int32_t output_offset;     /* the output zero point */
    int32_t input1_multiplier; /* input_scale / (2 * max input scale) as Q31 and shift (<= 0) */
    int32_t input1_shift;
    int32_t input2_multiplier;
    int32_t input2_shift;
    int32_t output_multiplier; /* (2 * max input scale)^2 / (2^(2 * left_shift) * output_scale) */
    int32_t output_shift;
} mg_squared_difference_params;

/* TFLite's quantized SquaredDifference for one pair, before the clamp to the output type. */
static inline int32_t mg_squared_difference_quantized(const mg_squared_difference_params *p, int32_t a, int32_t b)
{
    const int32_t scaled1 = mg_multiply_by_quantized_multiplier((p->input1_offset + a) * (1 << p->left_shift),
                                                                p->input1_multiplier, p->input1_shift);
    const int32_t scaled2 = mg_multiply_by_quantized_multiplier((p->input2_offset + b) * (1 << p->left_shift),
                                                                p->input2_multiplier, p->input2_shift);
    const int32_t diff = scaled1 - scaled2;
    return mg_multiply_by_quantized_multiplier(diff * diff, p->output_multiplier, p->output_shift) + p->output_offset;
}

void mg_squared_difference_f32(const mg_squared_difference_params *p, const float *input1, const float *input2,
                               float *output);
void mg_squared_difference_s32(const mg_squared_difference_params *p, const int32_t *input1, const int32_t *input2,
                               int32_t *output);
void mg_squared_difference_s8(const mg_squared_difference_params *p, const int8_t *input1, const int8_t *input2,
                              int8_t *output);
void mg_squared_difference_s16(const mg_squared_difference_params *p, const int16_t *input1, const int16_t *input2,
                               int16_t *output);

extern const mg_registration mg_register_squared_difference;

#endif
