/* MUL: output = act(input1 * input2), with NumPy-style broadcasting up to 6-D (see broadcast.h).
 * int8: the product of the offset inputs is rescaled by input1_scale * input2_scale / output_scale. */
#ifndef MG_MUL_H
#define MG_MUL_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;             /* output elements (first: see mg_elementwise.h) */
    const int32_t *extents;    /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1;   /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t input1_offset;     /* int8: minus the input zero points */
    int32_t input2_offset;
    int32_t output_offset;     /* the output zero point */
    int32_t output_multiplier; /* input1_scale * input2_scale / output_scale as Q31 and shift */
    int32_t output_shift;
    int32_t act_min;           /* int8: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f;           /* float32: the fused activation range */
    float act_max_f;
} mg_mul_params;

void mg_mul_s8(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_mul_f32(const mg_mul_params *p, const float *input1, const float *input2, float *output);

extern const mg_registration mg_register_mul;

#endif
