/* DIV (TFLite Micro's div.cc): output = act(input1 / input2), with NumPy-style broadcasting up to 6-D
 * (mg_binary_loop.h). float32 divides in float; int32 divides in C (truncating), then clamps; int8 follows
 * TFLite's DivElementwise: the divisor's reciprocal in gemmlowp fixed point (GetReciprocal), the quotient scaled
 * by input1_scale / (input2_scale * output_scale). A divisor equal to its zero point (int8) or 0 (int32) is
 * undefined in TFLite Micro (a debug check, a trap); the generator cannot see data, so tests avoid it. */
#ifndef MG_DIV_H
#define MG_DIV_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count;         /* output elements */
    int32_t input1_offset; /* int8: minus the input zero points */
    int32_t input2_offset;
    int32_t output_offset;     /* int8: the output zero point */
    int32_t output_multiplier; /* int8: input1_scale / (input2_scale * output_scale) as Q31 and shift */
    int32_t output_shift;
    int32_t act_min; /* int8, int32: the fused activation as a range */
    int32_t act_max;
    float act_min_f; /* float32: the fused activation range */
    float act_max_f;
} mg_div_params;

void mg_div_f32(const mg_div_params *p, const float *input1, const float *input2, float *output);
void mg_div_s32(const mg_div_params *p, const int32_t *input1, const int32_t *input2, int32_t *output);
void mg_div_s8(const mg_div_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);

extern const mg_registration mg_register_div;

#endif
