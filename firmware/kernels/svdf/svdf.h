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
    /* the dsp and mve kernels' table (ops/svdf.py, backend_table), NULL for the reference: per filter the feature
     * sum's input zero point term, -input_zero_point * (the row's sum); then per unit the bias with the state zero
     * point's term, bias - state_zero_point * (the sum of the unit's time weights); both wrapped to int32 */
    const int32_t *backend_table;
    /* the dsp kernel: bit 0 when the feature sums' requantization, bit 1 when the outputs', is exact in its fast
     * form for every sum (a right shift: three instructions, mg_dsp_requant.h; none: SMMULR of the sum shifted left
     * by shift + 1; ops/svdf/dsp_svdf.py checks the bounds); bit 2 when both are on sums clamped to [-2^29, 2^29)
     * (larger ones saturate alike: the clamped time step of rank-1 int16-state nodes) */
    int32_t dsp_exact_requant;
} mg_svdf_params;

/* Scratch: the per-filter time products (int32 or float), then, for the int8 kernel, the per-unit sums. */
size_t mg_svdf_scratch_size(int32_t batches, int32_t filters, int32_t rank, int32_t is_int8);
/* The dsp kernel's: the input's SXTB16 pairs (two words per four of the first input_size & ~7 values). */
size_t mg_svdf_s8_dsp_scratch_size(int32_t input_size);
/* The mve kernel's: one batch's per-filter sums and state values (int32 each). */
size_t mg_svdf_s8_mve_scratch_size(int32_t filters);

/* The family's prepare: the node's tensors against the plan, `scratch_needed` bytes of scratch, then the state
 * cleared (to its zero point for an int8 state, as TFLite Micro's ResetVariableTensors fills it). */
mg_status mg_svdf_prepare(mg_node *node, size_t scratch_needed);

/* weights_time and state: int16, or int8 when p->state_bytes is 1 */
void mg_svdf_s8(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature, const void *weights_time,
                const int32_t *bias, void *state, int8_t *output, int32_t *scratch);
void mg_svdf_f32(const mg_svdf_params *p, const float *input, const float *weights_feature, const float *weights_time,
                 const float *bias, float *state, float *output, float *scratch);

/* The backends' int8 kernels (int16 or int8 state): the same results from the backend table. */
void mg_svdf_s8_dsp(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                    const void *weights_time, void *state, int8_t *output, uint32_t *scratch);
void mg_svdf_s8_mve(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                    const void *weights_time, void *state, int8_t *output, int32_t *scratch);

extern const mg_registration mg_register_svdf;
extern const mg_registration mg_register_svdf_dsp;
extern const mg_registration mg_register_svdf_mve;

#endif
