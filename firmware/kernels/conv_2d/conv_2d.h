/* CONV_2D: output[b][y][x][o] = act(sum_{ky,kx,c} input[b][y*sh - ph + ky*dh][x*sw - pw + kx*dw][g*C + c] *
 * filter[o][ky][kx][c] + bias[o]), taps outside the input skipped; g = o / filters_per_group (grouped
 * convolution when the filter has fewer input channels than the input).
 *
 * The family's one header: every backend's parameter block starts with the shared geometry (mg_conv_geometry.h)
 * and is checked by one prepare (mg_prepare_weighted.h); a backend adds only its tables, its invoke and its
 * scratch size. */
#ifndef MG_CONV_2D_H
#define MG_CONV_2D_H

#include <stddef.h>
#include <stdint.h>

#include "mg_conv_geometry.h"
#include "mg_kernel.h"
#include "mg_prepare_weighted.h"

/* ---- reference (int8, int16 activations with int8 filters, and float32, grouped filters) ---- */
typedef struct {
    mg_conv_geometry geometry;
    int32_t filter_input_depth; /* input channels per group: input_depth / groups */
    int32_t filters_per_group;  /* output_depth / groups */
    int32_t input_offset;       /* int8, int16: minus the input zero point */
    int32_t output_offset;      /* int8, int16: the output zero point */
    int32_t per_channel;        /* int8, int16: 1 when the filter has one scale per output channel, 0 for one scale */
    float input_scale;          /* int8, int16: with the filter's scales in the model, they give each channel's */
    float output_scale;         /* multiplier and shift (mg_requant.h), as TFLite Micro's Prepare does */
    int32_t act_min;            /* int8, int16: the fused activation as a quantized range */
    int32_t act_max;
    int32_t accumulator_64; /* int16: TFLite's int64 accumulator (int64 bias), 0: int32 (int32 bias) */
    float act_min_f;        /* float32: the fused activation range */
    float act_max_f;
    int32_t rows_per_pass; /* int8: output rows per pass over the output channels (0: all of them; 1 when the
                              output overlaps the input, -1: one, passes last first; conv_2d_s8.c) */
} mg_conv_2d_params;

/* filter_scales: the filter's float32 scales in the model (mg_tensor_scales). */
void mg_conv_2d_s8(const mg_conv_2d_params *p, const int8_t *input, const int8_t *filter, const uint8_t *filter_scales,
                   const int32_t *bias, int8_t *output);
/* int8 activations with an int4 filter kept packed in flash (mg_int4.h), one output channel's widened into scratch. */
size_t mg_conv_2d_s4_scratch_size(int32_t filter_height, int32_t filter_width, int32_t filter_input_depth);
void mg_conv_2d_s4(const mg_conv_2d_params *p, const int8_t *input, const void *filter, const uint8_t *filter_scales,
                   const int32_t *bias, int8_t *output, void *scratch);
/* 16x8: bias int64 (accumulator_64) or int32, or none; TFLite ignores the offsets (zero, the generator checks). */
void mg_conv_2d_s16(const mg_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                    const uint8_t *filter_scales, const void *bias, int16_t *output);
void mg_conv_2d_f32(const mg_conv_2d_params *p, const float *input, const float *filter, const float *bias,
                    float *output);
/* float32 activations with a float16 filter (IEEE bits) kept in flash, widened exactly as it is read. */
void mg_conv_2d_f16(const mg_conv_2d_params *p, const float *input, const uint16_t *filter, const float *bias,
                    float *output);

extern const mg_registration mg_register_conv_2d;

/* ---- dsp backend (Cortex-M4/M7/M33: SMLAD, SXTB16), int8, one group ----
 * MG_DSP_CONV_COLS output pixels at a time, the input window of each becomes a column of int16 values
 * (x + input_offset, zero for the padding) in the scratch buffer: a 1x1 convolution, or a window inside the input
 * with rows of whole words, expands straight from the input; other windows go through an int8 staging copy
 * (small inputs that most windows would leave are copied once into a padded buffer instead). Then every filter
 * row, read in place from the model, meets the six columns in an assembly loop: per 4 weights one LDR, two SXTB16,
 * three LDM and 12 SMLAD (0.75 instructions per MAC), and the six outputs are requantized in four instructions
 * each (mg_dsp_requant.h). */
#define MG_DSP_CONV_COLS 6 /* output pixels per pass over the filter */
typedef struct mg_conv_2d_dsp_params {
    mg_conv_geometry geometry;
    int32_t padded_height; /* a small padded input is copied to scratch with these extents first; 0: not */
    int32_t padded_width;
    int32_t input_offset; /* minus the input zero point */
    int32_t act_min;      /* the fused activation as a quantized range */
    int32_t act_max;
    const int32_t *channels; /* per output channel a dsp_channel (mg_dsp_requant.h): bias, multiplier, offset, shift */
    /* The direct form (conv_2d_direct_s8_dsp.c), NULL for the columns: its kernel, named by the generator's tables
     * so that a firmware without such a node links none of it, and its weights: per block of 4 output channels
     * (then per channel past the last block), per filter row and four taps, per channel the taps 0 and 2, then 1
     * and 3, doubled, as int16 pairs (low half first). */
    void (*direct)(const struct mg_conv_2d_dsp_params *p, const int8_t *input, int8_t *output, void *scratch);
    const int32_t *direct_weights;
} mg_conv_2d_dsp_params;

/* The direct form, for a depth-1 input whose filter rows are whole words, without dilation (int8 filter): the
 * windows are read in place (those that leave the input from a padded copy) and no columns are staged, which costs
 * a small-input first convolution (few output channels, long windows) most of its instructions and the arena its
 * columns (conv_2d_direct_s8_dsp.c). The generator chooses it and lays out direct_weights. */
size_t mg_conv_2d_direct_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width);
void mg_conv_2d_direct_s8_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, int8_t *output, void *scratch);

/* Whether the kernel runs a node as pointwise: 1x1, stride 1, no padding, whole words a pixel; it then expands
 * the pixels straight from the input, without the staging column. */
static inline int mg_conv_2d_dsp_pointwise(const mg_conv_geometry *g)
{
    return g->filter_height == 1 && g->filter_width == 1 && g->stride_height == 1 && g->stride_width == 1 &&
           g->pad_height == 0 && g->pad_width == 0 && g->output_height == g->input_height &&
           g->output_width == g->input_width && g->input_depth % 4 == 0;
}

/* The columns, an int8 staging column (not `pointwise`, mg_conv_2d_dsp_pointwise; for long windows of whole-word
 * rows without dilation as many filter rows as fit 48 bytes, else the window), the last filter row padded (when the
 * taps are not a multiple of 8), the outputs of a partial group (only for outputs of fewer than MG_DSP_CONV_COLS
 * pixels, per batch) and the padded input copy (padded_input_bytes = padded_height * padded_width * input_depth). */
size_t mg_conv_2d_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width, int32_t input_depth,
                                      int32_t dilation_width, int32_t output_depth, int32_t padded_input_bytes,
                                      int32_t output_pixels, int32_t pointwise);
void mg_conv_2d_s8_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, const int8_t *filter, int8_t *output,
                       void *scratch);

/* int4 filter: widened into the first mg_int4_widened_bytes(filter elements) of the scratch, then the int8 kernel
 * with int8_scratch bytes after them (conv_2d_s4_dsp.c). */
size_t mg_conv_2d_s4_dsp_scratch_size(int32_t filter_elements, int32_t int8_scratch);
void mg_conv_2d_s4_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, const void *filter, int8_t *output,
                       void *scratch);

extern const mg_registration mg_register_conv_2d_dsp;

/* ---- dsp backend, 16x8 (int16 activations, int8 filters), one group ----
 * The reference parameters (mg_conv_2d_params) and prepare. MG_DSP_S16_COLS output pixels at a time: their windows
 * become int16 columns in the scratch buffer (taps outside the input zero), grouped by four taps as the operand
 * pairs (x0, x2), (x1, x3) of mg_dsp_mac.h and the columns interleaved per group; every filter row, read in place
 * from the model, meets them: per 4 weights one LDR, two SXTB16, two LDM and eight SMLAD. The int32 sums are
 * exact: the generator claims a node only when every channel's sum of |weights| times 32768 plus |bias| fits int32
 * (dsp_conv_2d_s16.py); TFLite's int64 requantization is then one SMMULR for right shifts of 1 to 16. */
#define MG_DSP_S16_COLS 4 /* output pixels per pass over the filter */

/* The columns (filter_taps rounded up to 4, per column), the last filter row padded to them, and each channel's
 * bias and requantization. */
size_t mg_conv_2d_s16_dsp_scratch_size(int32_t filter_taps, int32_t output_depth);
void mg_conv_2d_s16_dsp(const mg_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                        const uint8_t *filter_scales, const void *bias, int16_t *output, void *scratch);
/* Its prepare, in the kernel's file: a firmware without 16x8 nodes leaves both out (generator/emit/pruning.py). */
mg_status mg_conv_2d_s16_dsp_prepare(mg_node *node);

/* The prepare of the 16x8 backend kernels (the reference parameters): their scratch, then the reference checks. */
static inline mg_status mg_conv_2d_s16_backend_prepare(mg_node *node, size_t scratch)
{
    const mg_conv_2d_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const mg_weighted_s16_plan plan = {mg_conv_input_elements(g),
                                       g->output_depth * g->filter_height * g->filter_width * g->input_depth,
                                       mg_conv_output_elements(g),
                                       g->output_depth,
                                       p->per_channel ? (uint32_t)g->output_depth : 1u,
                                       p->accumulator_64,
                                       scratch,
                                       p->filter_input_depth == g->input_depth};
    return mg_prepare_weighted_s16_backend(node, &plan);
}

/* ---- mve backend (Cortex-M55 Helium), int8, one group ----
 * Each output pixel's receptive field becomes one row of K = filter_height * filter_width * input_depth int8
 * values (im2col rows in the scratch buffer, mg_conv_2d_mve_im2col_rows at a time, the padding filled with the input
 * zero point so that it adds nothing once the input offset is folded into the bias); a 1x1 filter's rows are the
 * input pixels. Pairs of rows, interleaved, then meet every filter row (OHWI, read in place from the model) four output
 * channels at a time (mg_mve_matmul.h). */
#define MG_MVE_CONV_ROWS 4      /* 1x1 pixels per pass over the filter, im2col rows for the one-row loop */
#define MG_MVE_PAIR_BLOCKS 3    /* the two-row loop from this many blocks of 16 taps on */
#define MG_MVE_CONV_PAIR_ROWS 2 /* im2col rows per pass when they go in pairs */

/* Whether a k x k filter's im2col rows meet the filter in pairs (the two-row loop): no left shift and
 * MG_MVE_PAIR_BLOCKS blocks of 16 taps or more. */
static inline int mg_conv_2d_mve_in_pairs(int32_t taps, int32_t left_shift)
{
    return !left_shift && taps > 16 * (MG_MVE_PAIR_BLOCKS - 1);
}

/* im2col rows built per pass over the filter: one pair where they go in pairs, since the pairs pass through the
 * pair area one at a time either way; otherwise MG_MVE_CONV_ROWS for the one-row loop, whose set-up they share. */
static inline int32_t mg_conv_2d_mve_im2col_rows(int32_t taps, int32_t left_shift)
{
    return mg_conv_2d_mve_in_pairs(taps, left_shift) ? MG_MVE_CONV_PAIR_ROWS : MG_MVE_CONV_ROWS;
}

typedef struct {
    mg_conv_geometry geometry;
    int32_t input_offset; /* minus the input zero point */
    const int32_t *table; /* the requantization table (mg_mve.h) */
    int32_t left_shift;
    int32_t output_offset; /* the output zero point */
    int32_t act_min;       /* the fused activation as a quantized range */
    int32_t act_max;
} mg_conv_2d_mve_params;

/* mg_conv_2d_mve_im2col_rows im2col rows, then one interleaved pair of rows when they go in pairs; for a 1x1
 * filter MG_MVE_CONV_ROWS / 2 interleaved pairs (mg_mve_matmul.h). */
size_t mg_conv_2d_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width, int32_t input_depth,
                                      int32_t left_shift);
void mg_conv_2d_s8_mve(const mg_conv_2d_mve_params *p, const int8_t *input, const int8_t *filter, int8_t *output,
                       int8_t *scratch);

/* int4 filter: widened into the start of the scratch, then the int8 kernel (conv_2d_s4_mve.c). */
size_t mg_conv_2d_s4_mve_scratch_size(int32_t filter_elements, int32_t int8_scratch);
void mg_conv_2d_s4_mve(const mg_conv_2d_mve_params *p, const int8_t *input, const void *filter, int8_t *output,
                       int8_t *scratch);

extern const mg_registration mg_register_conv_2d_mve;

/* ---- mve backend, 16x8 (int16 activations, int8 filters), one group ----
 * The reference parameters and prepare; each output pixel's window becomes one int16 im2col row in scratch, which
 * meets every filter row in the 16x8 matrix core (mg_mve_matmul_s16.h: per 8 taps and 4 channels five loads and
 * four VMLADAVA), exact and requantized as the dsp 16x8 kernel on the nodes the generator claims. */
size_t mg_conv_2d_s16_mve_scratch_size(int32_t filter_taps, int32_t output_depth);
void mg_conv_2d_s16_mve(const mg_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                        const uint8_t *filter_scales, const void *bias, int16_t *output, void *scratch);
/* Its prepare, in the kernel's file: a firmware without 16x8 nodes leaves both out (generator/emit/pruning.py). */
mg_status mg_conv_2d_s16_mve_prepare(mg_node *node);

/* ---- portable backend (plain C for cores without DSP: Cortex-M0/M0+, Cortex-M3), int8, one group ----
 * Pixel by pixel: the window becomes taps = filter_height * filter_width * input_depth bytes x + 128 in scratch
 * (the padding the input zero point), which meet the weights, rearranged by the generator into groups of four
 * channels (mg_portable_dot.h), four channels at a time. */
typedef struct {
    mg_conv_geometry geometry;
    int32_t input_offset;   /* minus the input zero point */
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
    int32_t reverse_rows; /* 1: the output rows last first (the output overlaps its input from above) */
} mg_conv_2d_portable_params;

/* The staged windows: taps rounded up to MG_PORTABLE_TAPS_ALIGN, four of them up to MG_PORTABLE_PAIR_TAPS, and up
 * to MG_PORTABLE_WIDE_TAPS of them their two pairs side by side in words too. */
size_t mg_conv_2d_s8_portable_scratch_size(int32_t filter_height, int32_t filter_width, int32_t input_depth,
                                           int32_t dilation_height, int32_t dilation_width, int32_t stride_height,
                                           int32_t stride_width, int32_t output_height, int32_t output_width);
void mg_conv_2d_s8_portable(const mg_conv_2d_portable_params *p, const int8_t *input, int8_t *output, uint8_t *scratch);

extern const mg_registration mg_register_conv_2d_portable;

#endif
