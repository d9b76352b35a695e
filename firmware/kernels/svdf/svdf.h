/* SVDF (TFLite Micro's svdf.cc / svdf_common.cc): a rank-decomposed fully connected layer over time. The
 * activation state is a variable tensor (input 4) that keeps, per batch and filter, the last `memory` feature
 * values; every invoke shifts it left by one element and writes the newest column, so outputs depend on the
 * invokes before. */
#ifndef MG_SVDF_H
#define MG_SVDF_H

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t input_size;
    int32_t filters; /* weights_feature rows: units * rank */
    int32_t rank;
    int32_t memory;           /* weights_time columns */
    int32_t state_bytes;      /* int8: 2 (int16 time weights and state) or 1 (int8 ones) */
    int32_t input_zero_point; /* int8 */
    int32_t state_zero_point;
    int32_t output_zero_point;  /* int8 */
    int32_t feature_multiplier; /* float(input_scale * feature_scale) / state_scale as Q31 and shift */
    int32_t feature_shift;
    int32_t output_multiplier; /* float(state_scale * time_scale) / output_scale as Q31 and shift */
    int32_t output_shift;
    float act_min; /* float32: the fused activation's range */
    float act_max;
} mg_svdf_params;

/* Scratch: the per-filter time products (int32 or float), then, for the int8 kernel, the per-unit sums. */
size_t mg_svdf_scratch_size(int32_t batches, int32_t filters, int32_t rank, int32_t is_int8);

/* weights_time and state: int16, or int8 when p->state_bytes is 1 */
void mg_svdf_s8(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature, const void *weights_time,
                const int32_t *bias, void *state, int8_t *output, int32_t *scratch);
void mg_svdf_f32(const mg_svdf_params *p, const float *input, const float *weights_feature, const float *weights_time,
                 const float *bias, float *state, float *output, float *scratch);

extern const mg_registration mg_register_svdf;

#endif
