/* The element-wise unary ops of TFLite Micro's elementwise.cc (ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE,
 * LOGICAL_NOT) and of neg.cc, floor.cc, ceil.cc, round.cc and exp.cc (NEG, FLOOR, CEIL, ROUND, EXP): one output
 * element per input element, in order, so the output may overwrite the input.
 *
 * float32 calls the C library's float function, as TFLite Micro calls std::sin(float) and friends.
 * Quantized ABS (int8; int16 with zero points 0) takes |input - input zero point|, rescales it to the output
 * scale when the scales differ, adds the output zero point and clamps; unquantized int16 ABS is plain abs.
 * Quantized RSQRT (int8) computes 1/sqrt(input - input zero point) with gemmlowp's fixed-point
 * Newton-Raphson, then rescales it by 1 / (sqrt(input scale) * output scale). */
#ifndef MG_ELEMENTWISE_OPS_H /* MG_ELEMENTWISE_H is mg_elementwise.h's */
#define MG_ELEMENTWISE_OPS_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;         /* elements */
    int32_t quantized;     /* int16 ABS: 0 for an unquantized tensor (plain abs) */
    int32_t input_offset;  /* quantized: the input zero point ... */
    int32_t output_offset; /* ... and the output zero point */
    int32_t needs_rescale; /* ABS: the input and output scales differ */
    int32_t multiplier;    /* ABS: input_scale / output_scale; RSQRT: 1 / (sqrt(input_scale) * output_scale) */
    int32_t shift;
} mg_elementwise_params;

void mg_abs_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_abs_s8(const mg_elementwise_params *p, const int8_t *input, int8_t *output);
void mg_abs_s16(const mg_elementwise_params *p, const int16_t *input, int16_t *output);
void mg_sin_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_cos_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_log_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_sqrt_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_rsqrt_f32(const mg_elementwise_params *p, const float *input, float *output);
/* MG_ERROR at the first input below the zero point (a negative real value), as TFLite Micro fails there. */
mg_status mg_rsqrt_s8(const mg_elementwise_params *p, const int8_t *input, int8_t *output);
void mg_square_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_logical_not_b(const mg_elementwise_params *p, const uint8_t *input, uint8_t *output);
void mg_neg_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_floor_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_ceil_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_round_f32(const mg_elementwise_params *p, const float *input, float *output);
void mg_exp_f32(const mg_elementwise_params *p, const float *input, float *output);

extern const mg_registration mg_register_abs;
extern const mg_registration mg_register_sin;
extern const mg_registration mg_register_cos;
extern const mg_registration mg_register_log;
extern const mg_registration mg_register_sqrt;
extern const mg_registration mg_register_rsqrt;
extern const mg_registration mg_register_square;
extern const mg_registration mg_register_logical_not;
extern const mg_registration mg_register_neg;
extern const mg_registration mg_register_floor;
extern const mg_registration mg_register_ceil;
extern const mg_registration mg_register_round;
extern const mg_registration mg_register_exp;

#endif
