/* FULLY_CONNECTED: output[b][o] = act(sum_d input[b][d] * weights[o][d] + bias[o]).
 *
 * The family's one header: every backend's parameter block starts with the shared shape and is checked by one
 * prepare (mg_prepare_weighted.h); a backend adds only its tables, its invoke and its scratch size. */
#ifndef MG_FULLY_CONNECTED_H
#define MG_FULLY_CONNECTED_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"
#include "mg_prepare_weighted.h"

typedef struct {
    int32_t batches;
    int32_t accum_depth;
    int32_t output_depth;
} mg_fully_connected_shape;

/* ---- reference (int8, int16 activations with int8 weights, and float32) ---- */
typedef struct {
    mg_fully_connected_shape shape;
    int32_t input_offset;      /* minus the input zero point */
    int32_t output_offset;     /* the output zero point */
    int32_t per_channel;       /* 1: one weight scale per output channel, 0: one for all */
    int32_t output_multiplier; /* per-tensor: float(input_scale * weight_scale) / output_scale as Q31 ... */
    int32_t output_shift;      /* ... and a power-of-two shift */
    float input_scale;         /* per-channel: with the weights' scales in the model, they give each channel's */
    float output_scale;        /* multiplier and shift (mg_requant.h), as TFLite Micro's Prepare does */
    int32_t act_min;           /* int8, int16: the fused activation as a quantized range */
    int32_t act_max;
    int32_t accumulator_64; /* int16: TFLite's int64 accumulator (int64 bias), 0: int32 (int32 bias) */
    float act_min_f;        /* float32: the fused activation range */
    float act_max_f;
    /* dsp 16x8 with per-channel weights: each channel's multiplier and shift, from the generator (the reference
     * kernels compute them from the scales; NULL) */
    const int32_t *channel_requant;
} mg_fully_connected_params;

/* weight_scales: per-channel only, the weights' float32 scales in the model (mg_tensor_scales). */
void mg_fully_connected_s8(const mg_fully_connected_params *p, const int8_t *input, const int8_t *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output);
/* int8 activations with int4 weights kept packed in flash (mg_int4.h), widened two rows at a time into scratch. */
size_t mg_fully_connected_s4_scratch_size(int32_t accum_depth);
void mg_fully_connected_s4(const mg_fully_connected_params *p, const int8_t *input, const void *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output, void *scratch);
/* 16x8: bias int64 (accumulator_64) or int32, or none. */
void mg_fully_connected_s16(const mg_fully_connected_params *p, const int16_t *input, const int8_t *weights,
                            const uint8_t *weight_scales, const void *bias, int16_t *output);
void mg_fully_connected_f32(const mg_fully_connected_params *p, const float *input, const float *weights,
                            const float *bias, float *output);
/* float32 activations with float16 weights (IEEE bits) kept in flash, widened exactly as read. */
void mg_fully_connected_f16(const mg_fully_connected_params *p, const float *input, const uint16_t *weights,
                            const float *bias, float *output);

extern const mg_registration mg_register_fully_connected;

/* ---- dsp backend (Cortex-M4/M7/M33), int8 ----
 * Four weight rows at a time against the input row, in two row pairs (mg_dsp_mac.h, mg_dsp_four_rows_interleaved):
 * per 4 inputs one LDRD of the input's SXTB16 pairs (or one LDR and two SXTB16), one LDM of the two pairs' words,
 * then per word one SXTB16 and two SMLAD. The generator lays each block of four rows out for that (written over the
 * model's weights, _dsp_common.rows_in_blocks): the rows' first accum_depth & ~7 values in pairs' words, the
 * first rows' bytes plus 128, then the four rows' last values one row after another; rows past the last block as
 * they are. The input stays int8: its offset is folded into the bias by the generator (sum w * (x + offset) =
 * sum w * x + offset * sum w). */
typedef struct {
    mg_fully_connected_shape shape;
    int32_t act_min; /* the fused activation as a quantized range */
    int32_t act_max;
    const int32_t *biases; /* per output: bias + input_offset * sum w */
    /* int8 weights in blocks of four rows (above), int4 ones of whole words in blocks of four rows
     * (fully_connected_s4_dsp.c); NULL: the model's rows as they are (int8 without a whole block of 8 inputs, int4
     * of other depths, which the int4 kernel widens) */
    const int32_t *weights;
    /* the requantization (five words, fully_connected_dsp_requant.h): one entry per output (requant_step 5), or
     * one for every output (requant_step 0: per-tensor weights, the table 4 bytes an output) */
    const int32_t *requant;
    int32_t requant_step;
    int32_t requant_checked;   /* 1: some sum may be beyond the fast form, check each (0: proved exact for all) */
    int32_t output_zero_point; /* for the general form */
} mg_fully_connected_dsp_params;

/* With more than one block of four rows, the input row's SXTB16 pairs (accum_depth rounded down to 8, as int16),
 * so that each block loads them with one LDRD per 4 inputs; 0 (none): each block unpacks them. */
size_t mg_fully_connected_s8_dsp_scratch_size(int32_t accum_depth, int32_t output_depth);
/* `weights`: the rows in the blocks above (p->weights instead when it is set). */
void mg_fully_connected_s8_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output, void *scratch);

/* int4 weights (fully_connected_s4_dsp.c): p->weights, when the generator laid the blocks out (`laid_out`), against
 * the input paired in scratch, else `weights` widened into the first mg_int4_widened_bytes(weight elements) of the
 * scratch, then the int8 kernel with int8_scratch bytes after them. */
size_t mg_fully_connected_s4_dsp_scratch_size(int32_t accum_depth, int32_t output_depth, int32_t int8_scratch,
                                              int32_t laid_out);
void mg_fully_connected_s4_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const void *weights,
                               int8_t *output, void *scratch);

extern const mg_registration mg_register_fully_connected_dsp;

/* ---- dsp backend, 16x8 (int16 activations, int8 weights) ----
 * The reference parameters (mg_fully_connected_params) and prepare. Two batch rows at a time, repacked into the
 * operand pairs of mg_dsp_mac.h and interleaved, meet two weight rows (read in place) at a time, so that each weight
 * word is loaded and split once for both: per 4 inputs one LDM, then per weight row one LDR, two SXTB16 and four
 * SMLAD. A last single batch row meets four weight rows at a time: per 4 inputs one LDRD, then per row one LDR, two
 * SXTB16 and two SMLAD. The int32 sums are exact and TFLite's int64 requantization one SMMULR on the nodes the
 * generator claims (mg_dsp_requant_s16.h, dsp_fully_connected_s16.py). */

/* The paired inputs (accum_depth rounded down to 8, as int16) of one batch row, or of two when there are two or more,
 * and each channel's bias and requantization. */
size_t mg_fully_connected_s16_dsp_scratch_size(int32_t batches, int32_t accum_depth, int32_t output_depth);
void mg_fully_connected_s16_dsp(const mg_fully_connected_params *p, const int16_t *input, const int8_t *weights,
                                const void *bias, int16_t *output, void *scratch);
/* Its prepare, in the kernel's file: a firmware without 16x8 nodes leaves both out (generator/emit/pruning.py). */
mg_status mg_fully_connected_s16_dsp_prepare(mg_node *node);

/* The prepare of the 16x8 backend kernels (the reference parameters): their scratch and, for per-channel weights,
 * channel_requant, then the reference checks. */
static inline mg_status mg_fully_connected_s16_backend_prepare(mg_node *node, size_t scratch)
{
    const mg_fully_connected_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    const mg_weighted_s16_plan plan = {s->batches * s->accum_depth,
                                       s->output_depth * s->accum_depth,
                                       s->batches * s->output_depth,
                                       s->output_depth,
                                       0u, /* the scales: channel_requant */
                                       p->accumulator_64,
                                       scratch,
                                       !p->per_channel || p->channel_requant};
    return mg_prepare_weighted_s16_backend(node, &plan);
}

/* ---- mve backend (Cortex-M55 Helium), int8 ----
 * The input offset is folded into the bias ahead of time (bias + input_offset * sum_d weights[o][d]), so the
 * inner loop multiplies raw int8 values (mg_mve_matmul.h). */
typedef struct {
    mg_fully_connected_shape shape;
    /* the requantization table (mg_mve.h); with `uniform`, only the biases (four a group, the last group padded) */
    const int32_t *table;
    int32_t left_shift;
    int32_t output_offset; /* the output zero point */
    int32_t act_min;       /* the fused activation as a quantized range */
    int32_t act_max;
    /* int8 weights quantized per tensor, no left shift: one multiplier and minus the right shift for every output,
     * not a copy per output (mve_rows_uniform) */
    int32_t uniform;
    int32_t uniform_multiplier;
    int32_t uniform_neg_shift;
    /* int4 weights only: the generator's row pairs (fully_connected_s4_mve.c) */
    const int32_t *weights;
} mg_fully_connected_mve_params;

void mg_fully_connected_s8_mve(const mg_fully_connected_mve_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output);

/* int4 weights (fully_connected_s4_mve.c): p->weights, read in place in row pairs; no scratch. */
void mg_fully_connected_s4_mve(const mg_fully_connected_mve_params *p, const int8_t *input, int8_t *output);

extern const mg_registration mg_register_fully_connected_mve;

/* ---- mve backend, 16x8 (int16 activations, int8 weights) ----
 * The reference parameters and prepare; each batch row meets the weight rows in the 16x8 matrix core
 * (mg_mve_matmul_s16.h), exact and requantized as the dsp 16x8 kernel on the nodes the generator claims. */
size_t mg_fully_connected_s16_mve_scratch_size(int32_t output_depth);
void mg_fully_connected_s16_mve(const mg_fully_connected_params *p, const int16_t *input, const int8_t *weights,
                                const void *bias, int16_t *output, void *scratch);
/* Its prepare, in the kernel's file: a firmware without 16x8 nodes leaves both out (generator/emit/pruning.py). */
mg_status mg_fully_connected_s16_mve_prepare(mg_node *node);

/* Defines invoke_s16 for a backend's 16x8 kernel `kernel`: input, weights, optional bias, output, scratch (no
 * weight scales: the parameters' multiplier or channel_requant). */
#define MG_FULLY_CONNECTED_S16_BACKEND_INVOKE(kernel)                                                                  \
    static mg_status invoke_s16(mg_node *node)                                                                         \
    {                                                                                                                  \
        const mg_tensor *bias = mg_input(node, 2);                                                                     \
        kernel(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, bias ? bias->data : 0,                  \
               mg_output(node, 0)->data, node->scratch);                                                               \
        return MG_OK;                                                                                                  \
    }

/* ---- portable backend (plain C for cores without DSP: Cortex-M0/M0+, Cortex-M3), int8 ----
 * Each batch row is staged into scratch as bytes x + 128 (in chunks of MG_PORTABLE_CHUNK when longer, then once
 * per group of channels), which meet the weights, rearranged by the generator into groups of four channels
 * (mg_portable_dot.h), four channels at a time. */
typedef struct {
    mg_fully_connected_shape shape;
    const int32_t *weights; /* the interleaved groups of biased weights, bytes (mg_portable_dot.h) */
    const int32_t *folded;  /* per output channel the folded constant (over the bias in the model if it fits) */
    const int32_t *requant; /* multiplier and shifts (mg_portable_dot.h): per output channel, or one for all */
    int32_t requant_step;   /* words from one channel's requant entry to the next: 2, or 0 (per-tensor) */
    /* per output channel the first and the last accumulator whose output lies inside (act_min, act_max), or
     * NULL (mg_portable_requant) */
    const int32_t *thresholds;
    int32_t output_offset; /* the output zero point */
    int32_t act_min;       /* the fused activation as a quantized range */
    int32_t act_max;
} mg_fully_connected_portable_params;

/* The staged row (or chunk), rounded up to MG_PORTABLE_TAPS_ALIGN. */
size_t mg_fully_connected_s8_portable_scratch_size(int32_t accum_depth);
void mg_fully_connected_s8_portable(const mg_fully_connected_portable_params *p, const int8_t *input, int8_t *output,
                                    uint8_t *scratch);

extern const mg_registration mg_register_fully_connected_portable;

#endif
