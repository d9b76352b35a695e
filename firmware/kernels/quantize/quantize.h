/* QUANTIZE (TFLite Micro's quantize.cc): float32 -> int8 or int16 (affine: round(x / scale) + zero point,
 * clamped), and requantization between integer types, as TFLite's reference_ops::Requantize: int8 -> int8,
 * uint8, int16 or int32, int16 -> int8, int16 or int32, int32 -> int8 or int16, uint8 -> int8. */
#ifndef MG_QUANTIZE_H
#define MG_QUANTIZE_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;
    float scale;              /* float input: the output scale */
    int32_t zero_point;       /* the output zero point */
    int32_t input_zero_point; /* integer input */
    int32_t multiplier;       /* integer input: input_scale / output_scale as Q31 and shift */
    int32_t shift;
} mg_quantize_params;

void mg_quantize_f32_s8(const mg_quantize_params *p, const float *input, int8_t *output);
void mg_quantize_f32_s16(const mg_quantize_params *p, const float *input, int16_t *output);
void mg_requantize_s8(const mg_quantize_params *p, const int8_t *input, int8_t *output);

/* ---- portable backend (cores without an FPU or DSP: Cortex-M0/M0+, Cortex-M3), float32 -> int8 ----
 * The output is a non-decreasing function of the input taken in the order of its bits as a sign-magnitude integer
 * (a float's key: its bits, the magnitude's bits flipped when negative): the generator finds, by TFLite's own float
 * division and rounding, the least key giving each output value, and the kernel looks the key up among them: from an
 * estimate of the output made with one integer multiply, a step or two along the thresholds (the estimate only sets
 * where the walk starts: the thresholds alone decide the output), instead of a software division and rounding per
 * element. */
typedef struct {
    int32_t count;
    /* [j], j = 1..255: the least key whose output is j - 128 or more; [0]: INT32_MIN, [256]: INT32_MAX (ends) */
    const int32_t *thresholds;
    /* the output's estimate from a float's bits, within a step or two of it: |x| / scale is about
     * ((mantissa >> 8) * multiplier) >> (shift_base - biased exponent), the implicit bit included */
    int32_t multiplier; /* in [2^15, 2^16) */
    int32_t shift_base;
    int32_t zero_index; /* 128 + the output zero point: the estimate's index for 0 */
} mg_quantize_portable_params;

void mg_quantize_f32_s8_portable(const mg_quantize_portable_params *p, const float *input, int8_t *output);

extern const mg_registration mg_register_quantize_portable;

/* ---- dsp and mve backends, int8 or int16 -> int8 (requantize_s8_fast.c) ----
 * The requantization as one entry of mg_dsp_requant.h's dsp_requant_entry (five words, the zero point in it), on
 * the nodes where the generator proved it exact for every input. */
typedef struct {
    int32_t count;
    int32_t input_bytes; /* 1: int8, 2: int16 */
    int32_t input_zero_point;
    const int32_t *requant;
} mg_quantize_fast_params;

void mg_requantize_s8_fast(const mg_quantize_fast_params *p, const void *input, int8_t *output);

extern const mg_registration mg_register_quantize_dsp;
extern const mg_registration mg_register_quantize_mve;

/* The other integer pairs (MG_* type codes); MG_ERROR for a pair QUANTIZE does not have. */
mg_status mg_requantize_generic(const mg_quantize_params *p, const void *input, int input_type, void *output,
                                int output_type);

extern const mg_registration mg_register_quantize;

#endif
