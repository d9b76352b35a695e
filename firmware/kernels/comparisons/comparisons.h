/* EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL (TFLite Micro's comparisons.cc): a bool (one byte,
 * 0 or 1) per output element, with NumPy-style broadcasting up to 6-D (mg_binary_loop.h). float32, int32,
 * int64 (and bool for EQUAL/NOT_EQUAL) compare raw values; int8 compares both inputs brought to a common scale
 * as TFLite's ComparisonWithScaling does: (value - zero point) << 8, times the input scale as a Q31 multiplier. */
#ifndef MG_COMPARISONS_H
#define MG_COMPARISONS_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count;             /* output elements */
    int32_t left_shift;        /* int8: 8 */
    int32_t input1_offset;     /* int8: minus the input zero points ... */
    int32_t input1_multiplier; /* ... and the input scales as Q31 multipliers and shifts (<= 0) */
    int32_t input1_shift;
    int32_t input2_offset;
    int32_t input2_multiplier;
    int32_t input2_shift;
} mg_comparisons_params;

/* An int8 input value on the common scale (MultiplyByQuantizedMultiplierSmallerThanOneExp). */
static inline int32_t mg_comparison_rescale(int32_t value, int32_t offset, int32_t left_shift, int32_t multiplier,
                                            int32_t shift)
{
    return mg_multiply_by_quantized_multiplier((offset + value) * (1 << left_shift), multiplier, shift);
}

#define MG_RESCALED1(p, a)                                                                                             \
    mg_comparison_rescale(a, (p)->input1_offset, (p)->left_shift, (p)->input1_multiplier, (p)->input1_shift)
#define MG_RESCALED2(p, b)                                                                                             \
    mg_comparison_rescale(b, (p)->input2_offset, (p)->left_shift, (p)->input2_multiplier, (p)->input2_shift)

#define MG_EQUAL_STEP(a, b) ((a) == (b))
#define MG_NOT_EQUAL_STEP(a, b) ((a) != (b))
#define MG_GREATER_STEP(a, b) ((a) > (b))
#define MG_GREATER_EQUAL_STEP(a, b) ((a) >= (b))
#define MG_LESS_STEP(a, b) ((a) < (b))
#define MG_LESS_EQUAL_STEP(a, b) ((a) <= (b))

void mg_equal_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output);
void mg_equal_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2, uint8_t *output);
void mg_equal_s64(const mg_comparisons_params *p, const int64_t *input1, const int64_t *input2, uint8_t *output);
void mg_equal_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output);
void mg_equal_b(const mg_comparisons_params *p, const uint8_t *input1, const uint8_t *input2, uint8_t *output);
void mg_not_equal_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output);
void mg_not_equal_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2, uint8_t *output);
void mg_not_equal_s64(const mg_comparisons_params *p, const int64_t *input1, const int64_t *input2, uint8_t *output);
void mg_not_equal_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output);
void mg_not_equal_b(const mg_comparisons_params *p, const uint8_t *input1, const uint8_t *input2, uint8_t *output);
void mg_greater_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output);
void mg_greater_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2, uint8_t *output);
void mg_greater_s64(const mg_comparisons_params *p, const int64_t *input1, const int64_t *input2, uint8_t *output);
void mg_greater_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output);
void mg_greater_equal_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output);
void mg_greater_equal_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2,
                          uint8_t *output);
void mg_greater_equal_s64(const mg_comparisons_params *p, const int64_t *input1, const int64_t *input2,
                          uint8_t *output);
void mg_greater_equal_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output);
void mg_less_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output);
void mg_less_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2, uint8_t *output);
void mg_less_s64(const mg_comparisons_params *p, const int64_t *input1, const int64_t *input2, uint8_t *output);
void mg_less_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output);
void mg_less_equal_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output);
void mg_less_equal_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2, uint8_t *output);
void mg_less_equal_s64(const mg_comparisons_params *p, const int64_t *input1, const int64_t *input2, uint8_t *output);
void mg_less_equal_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output);

extern const mg_registration mg_register_equal;
extern const mg_registration mg_register_not_equal;
extern const mg_registration mg_register_greater;
extern const mg_registration mg_register_greater_equal;
extern const mg_registration mg_register_less;
extern const mg_registration mg_register_less_equal;

#endif
