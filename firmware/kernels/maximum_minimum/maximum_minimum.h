/* MAXIMUM and MINIMUM (TFLite Micro's maximum_minimum.cc): element-wise a > b ? a : b and a < b ? a : b with
 * NumPy-style broadcasting up to 6-D (mg_binary_loop.h). Raw values are compared, quantized ones too: TFLite
 * Micro does not rescale (converters give the inputs and the output one quantization). */
#ifndef MG_MAXIMUM_MINIMUM_H
#define MG_MAXIMUM_MINIMUM_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    const int32_t *extents;  /* the output walk: MG_BCAST_DIMS extents, outermost first ... */
    const int32_t *strides1; /* ... and each input's element strides, 0 where it is broadcast */
    const int32_t *strides2;
    int32_t count; /* output elements */
} mg_maximum_minimum_params;

#define MG_MAXIMUM_STEP(a, b) ((a) > (b) ? (a) : (b))
#define MG_MINIMUM_STEP(a, b) ((a) < (b) ? (a) : (b))

void mg_maximum_f32(const mg_maximum_minimum_params *p, const float *input1, const float *input2, float *output);
void mg_maximum_s8(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_maximum_s16(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_maximum_s32(const mg_maximum_minimum_params *p, const int32_t *input1, const int32_t *input2, int32_t *output);
void mg_maximum_s64(const mg_maximum_minimum_params *p, const int64_t *input1, const int64_t *input2, int64_t *output);
void mg_minimum_f32(const mg_maximum_minimum_params *p, const float *input1, const float *input2, float *output);
void mg_minimum_s8(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_minimum_s16(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2, int16_t *output);
void mg_minimum_s32(const mg_maximum_minimum_params *p, const int32_t *input1, const int32_t *input2, int32_t *output);
void mg_minimum_s64(const mg_maximum_minimum_params *p, const int64_t *input1, const int64_t *input2, int64_t *output);

/* The dsp and mve kernels (int8, int16): the same walk, each innermost row of same-shape or scalar-broadcast
 * inputs four (dsp: SSUB8/SSUB16 and SEL a word) or a vector (mve: VMAX/VMIN) of elements at a time
 * (maximum_minimum_rows.h). */
void mg_maximum_s8_dsp(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_maximum_s16_dsp(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2,
                        int16_t *output);
void mg_minimum_s8_dsp(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_minimum_s16_dsp(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2,
                        int16_t *output);
void mg_maximum_s8_mve(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_maximum_s16_mve(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2,
                        int16_t *output);
void mg_minimum_s8_mve(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void mg_minimum_s16_mve(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2,
                        int16_t *output);

/* The family's prepare: the inputs' and output's types and element counts against the plan. */
mg_status mg_maximum_minimum_prepare(mg_node *node);

extern const mg_registration mg_register_maximum;
extern const mg_registration mg_register_minimum;
extern const mg_registration mg_register_maximum_dsp;
extern const mg_registration mg_register_minimum_dsp;
extern const mg_registration mg_register_maximum_mve;
extern const mg_registration mg_register_minimum_mve;

#endif
