/* MEAN over a set of axes. The generator splits the input's dimensions into the kept ("outer") ones, whose
 * row-major order is the output's, and the reduced ("inner") ones, summed in the input's row-major order as
 * TFLite's reference Mean does; both lists are padded to MG_MEAN_DIMS with size-1 dimensions. */
#ifndef MG_MEAN_H
#define MG_MEAN_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_MEAN_DIMS 5

typedef struct {
    const int32_t *outer_dims;    /* MG_MEAN_DIMS sizes of the kept dimensions ... */
    const int32_t *outer_strides; /* ... and their strides in the input (elements) */
    const int32_t *inner_dims;    /* MG_MEAN_DIMS sizes of the reduced dimensions ... */
    const int32_t *inner_strides;
    int32_t input_count;
    int32_t output_count;
    int32_t count;            /* elements averaged into each output */
    float count_f;            /* the same as a float (float32 divides by it) */
    int32_t input_zero_point; /* int8 */
    int32_t output_zero_point;
    int32_t multiplier; /* input_scale / output_scale / count, as TFLite's QuantizedMeanOrSum folds it */
    int32_t shift;
} mg_mean_params;

void mg_mean_s8(const mg_mean_params *p, const int8_t *input, int8_t *output);
void mg_mean_f32(const mg_mean_params *p, const float *input, float *output);

extern const mg_registration mg_register_mean;

#endif
