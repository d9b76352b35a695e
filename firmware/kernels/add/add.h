/* The broadcasting binary family: ADD, SUB (output = act(input1 -/+ input2)) and MUL (act(input1 * input2)),
 * with NumPy-style broadcasting up to 6-D (see mg_broadcast.h). int8 and int16 ADD and SUB follow TFLite's scheme:
 * both inputs are shifted left (by 20 bits for int8, 15 for int16), rescaled to a common scale (twice the larger
 * input scale), added or subtracted, then rescaled to the output; int8 and int16 MUL rescale the product of the
 * offset inputs by input1_scale * input2_scale / output_scale.
 * Kernels: mg_add_s8, mg_add_s16, mg_add_f32, mg_add_s32 (int32, unquantized: TFLite Micro's plain sum)
 * (reference), mg_add_s8_dsp, mg_add_s16_dsp (add_s8_dsp.c, add_s16_dsp.c, registered by add_dsp.c),
 * mg_add_s8_portable (add_s8_portable.c), mg_add_s8_mve, mg_add_s16_mve (add_s8_mve.c, add_s16_mve.c, registered by
 * add_mve.c); MUL's backends mg_mul_s8_dsp, mg_mul_s16_dsp (mg_mul_dsp.h), mg_mul_s8_mve, mg_mul_s16_mve
 * (mg_mul_mve.h); SUB and MUL the same four reference types (their int32: the plain wrapping difference or
 * product, clamped to act_min/act_max, the fused activation's int32 range). */
#ifndef MG_ADD_H
#define MG_ADD_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    int32_t count;           /* output elements (first: see mg_elementwise.h) */
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t input1_offset; /* int8, int16: minus the input zero points */
    int32_t input2_offset;
    int32_t output_offset;     /* the output zero point */
    int32_t left_shift;        /* 20 (int8) or 15 (int16) */
    int32_t input1_multiplier; /* input_scale / (2 * max input scale) as Q31 and shift (<= 0) */
    int32_t input1_shift;
    int32_t input2_multiplier;
    int32_t input2_shift;
    int32_t output_multiplier; /* 2 * max input scale / (2^left_shift * output_scale), shift <= 0 (MUL:
                                  input1_scale * input2_scale / output_scale) */
    int32_t output_shift;
    int32_t act_min; /* int8, int16: the fused activation as a quantized range (int32 SUB, MUL: its int32 range) */
    int32_t act_max;
    float act_min_f; /* float32: the fused activation range */
    float act_max_f;
    const int32_t *backend_table; /* a backend kernel's precomputed table (add_s8_dsp.c), NULL for the others */
} mg_add_params;

/* One int8 or int16 element of ADD (subtract = 0) or SUB (1), as TFLite's reference AddElementwise /
 * SubElementwise: offset, shift left, rescale each input, add or subtract, rescale, offset, clamp. */
static inline int32_t mg_add_sub_element(const mg_add_params *p, int32_t x1, int32_t x2, int subtract)
{
    const int32_t shifted1 = (p->input1_offset + x1) * (1 << p->left_shift);
    const int32_t shifted2 = (p->input2_offset + x2) * (1 << p->left_shift);
    const int32_t scaled1 = mg_multiply_by_quantized_multiplier(shifted1, p->input1_multiplier, p->input1_shift);
    const int32_t scaled2 = mg_multiply_by_quantized_multiplier(shifted2, p->input2_multiplier, p->input2_shift);
    const int32_t sum = subtract ? scaled1 - scaled2 : scaled1 + scaled2;
    const int32_t raw = mg_multiply_by_quantized_multiplier(sum, p->output_multiplier, p->output_shift);
    return mg_clamp(raw + p->output_offset, p->act_min, p->act_max);
}

/* One int8 or int16 element of MUL, as TFLite's reference_integer_ops::MulElementwise: offset both inputs,
 * multiply, rescale, offset, clamp. */
static inline int32_t mg_mul_element(const mg_add_params *p, int32_t x1, int32_t x2)
{
    const int32_t product = (p->input1_offset + x1) * (p->input2_offset + x2);
    const int32_t raw = mg_multiply_by_quantized_multiplier(product, p->output_multiplier, p->output_shift);
    return mg_clamp(p->output_offset + raw, p->act_min, p->act_max);
}

/* TFLite's ActivationFunctionWithMinMax for float: std::max(v, min), then std::min(v, max). */
static inline float mg_activation_f32(float v, float act_min, float act_max)
{
    v = v < act_min ? act_min : v;
    return act_max < v ? act_max : v;
}

/* SUB and MUL: the same parameters (MUL uses the offsets, output_multiplier and output_shift, act_min/max). */
typedef mg_add_params mg_sub_params;
typedef mg_add_params mg_mul_params;

void mg_add_s8(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_add_s16(const mg_add_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_add_f32(const mg_add_params *p, const float *input1, const float *input2, float *output);
void mg_add_s32(const mg_add_params *p, const int32_t *input1, const int32_t *input2, int32_t *output);
void mg_sub_s8(const mg_sub_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_sub_s16(const mg_sub_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_sub_f32(const mg_sub_params *p, const float *input1, const float *input2, float *output);
void mg_sub_s32(const mg_sub_params *p, const int32_t *input1, const int32_t *input2, int32_t *output);
void mg_mul_s8(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_mul_s16(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_mul_f32(const mg_mul_params *p, const float *input1, const float *input2, float *output);
void mg_mul_s32(const mg_mul_params *p, const int32_t *input1, const int32_t *input2, int32_t *output);
void mg_add_s8_dsp(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_add_s16_dsp(const mg_add_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_add_s8_mve(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_add_s16_mve(const mg_add_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_mul_s8_dsp(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_mul_s16_dsp(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_mul_s8_mve(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_mul_s16_mve(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);

extern const mg_registration mg_register_add;
extern const mg_registration mg_register_sub;
extern const mg_registration mg_register_mul;
extern const mg_registration mg_register_add_dsp;
extern const mg_registration mg_register_add_mve;
extern const mg_registration mg_register_mul_dsp;
extern const mg_registration mg_register_mul_mve;

#endif
