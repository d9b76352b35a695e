/* DEPTHWISE_CONV_2D: output channel o = c * depth_multiplier + m reads input channel c only:
 * output[b][y][x][o] = act(sum_{ky,kx} input[b][y*sh - ph + ky*dh][x*sw - pw + kx*dw][c] * filter[0][ky][kx][o]
 * + bias[o]), taps outside the input skipped.
 *
 * The family's one header: every backend's parameter block starts with the shared geometry (mg_conv_geometry.h)
 * and is checked by one prepare (mg_prepare_weighted.h); a backend adds only its tables, its invoke and its
 * scratch size. */
#ifndef MG_DEPTHWISE_CONV_2D_H
#define MG_DEPTHWISE_CONV_2D_H

#include <stddef.h>
#include <stdint.h>

#include "mg_conv_geometry.h"
#include "mg_kernel.h"
#include "mg_prepare_weighted.h"

/* ---- reference (int8, int16 activations with int8 filters, and float32, any depth multiplier) ---- */
typedef struct {
    mg_conv_geometry geometry;
    int32_t depth_multiplier; /* output_depth = input_depth * depth_multiplier */
    int32_t input_offset;     /* int8, int16: minus the input zero point */
    int32_t output_offset;    /* int8, int16: the output zero point */
    int32_t per_channel;      /* int8, int16: 1 when the filter has one scale per output channel, 0 for one scale */
    float input_scale;        /* int8, int16: with the filter's scales in the model, they give each channel's */
    float output_scale;       /* multiplier and shift (mg_requant.h), as TFLite Micro's Prepare does */
    int32_t act_min;          /* int8, int16: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f; /* float32: the fused activation range */
    float act_max_f;
    int32_t reverse_rows; /* int8: 1 to write the rows last first (the output then starts above the input it
                             overlaps, mg_depthwise_conv_2d_int8.h) */
} mg_depthwise_conv_2d_params;

/* filter_scales: the filter's float32 scales in the model (mg_tensor_scales). */
void mg_depthwise_conv_2d_s8(const mg_depthwise_conv_2d_params *p, const int8_t *input, const int8_t *filter,
                             const uint8_t *filter_scales, const int32_t *bias, int8_t *output);
/* int8 activations with an int4 filter kept packed in flash (mg_int4.h), one output channel's taps widened into
 * scratch. */
size_t mg_depthwise_conv_2d_s4_scratch_size(int32_t filter_height, int32_t filter_width);
void mg_depthwise_conv_2d_s4(const mg_depthwise_conv_2d_params *p, const int8_t *input, const void *filter,
                             const uint8_t *filter_scales, const int32_t *bias, int8_t *output, void *scratch);
/* 16x8: an int64 bias or none (TFLite Micro's int16 depthwise has no int32 bias); offsets zero. */
void mg_depthwise_conv_2d_s16(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                              const uint8_t *filter_scales, const int64_t *bias, int16_t *output);
void mg_depthwise_conv_2d_f32(const mg_depthwise_conv_2d_params *p, const float *input, const float *filter,
                              const float *bias, float *output);
/* float32 activations with float16 filter (IEEE bits) kept in flash, widened exactly as read. */
void mg_depthwise_conv_2d_f16(const mg_depthwise_conv_2d_params *p, const float *input, const uint16_t *filter,
                              const float *bias, float *output);

extern const mg_registration mg_register_depthwise_conv_2d;

/* ---- dsp and mve backends, 16x8 (int16 activations, int8 filters), filters up to MG_DW_S16_MAX_ROWS rows ----
 * The reference parameters and checks; both read the channel-major ring of input rows (mg_dw_ring_s16.h) and
 * sum in int32 (the generator claims a node only when that is exact, dsp_depthwise_conv_2d_s16.py), their
 * scratch mg_depthwise_conv_2d_s16_ring_scratch_size. dsp: a 3x3 filter at stride 1 four outputs per pass in SMLAD
 * with the requantization folded in where it can (depthwise_conv_2d_s16_dsp.c), others two outputs a pass from
 * the same words; mve: 3x3 filters one VMLADAV per window over the ring interleaved by column
 * (depthwise_conv_2d_3x3_s16_mve.c), others four outputs of a channel per vector, VMLA by each tap's weight
 * (depthwise_conv_2d_s16_mve.c). */
#define MG_DW_S16_MAX_ROWS 16 /* filter_height the 16x8 backends take */

void mg_depthwise_conv_2d_s16_dsp(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                                  const uint8_t *filter_scales, const int64_t *bias, int16_t *output, void *scratch);
void mg_depthwise_conv_2d_s16_mve(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                                  const uint8_t *filter_scales, const int64_t *bias, int16_t *output, void *scratch);

/* The 16x8 kernels' prepares, for the backends' registrations (depthwise_conv_2d_dsp.c, _mve.c). */
mg_status mg_depthwise_conv_2d_s16_dsp_prepare(mg_node *node);
mg_status mg_depthwise_conv_2d_s16_mve_prepare(mg_node *node);

size_t mg_depthwise_conv_2d_s16_ring_scratch_size(int32_t input_depth, int32_t output_depth, int32_t filter_height,
                                                  int32_t dilation_height, int32_t output_width, int32_t stride_width,
                                                  int32_t filter_width, int32_t dilation_width);

/* The prepare of the 16x8 backend kernels: their scratch, then the reference checks (an int64 bias or none). */
static inline mg_status mg_depthwise_conv_2d_s16_backend_prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const mg_weighted_s16_plan plan = {
        mg_conv_input_elements(g),
        g->filter_height * g->filter_width * g->output_depth,
        mg_conv_output_elements(g),
        g->output_depth,
        p->per_channel ? (uint32_t)g->output_depth : 1u,
        1,
        mg_depthwise_conv_2d_s16_ring_scratch_size(g->input_depth, g->output_depth, g->filter_height,
                                                   g->dilation_height, g->output_width, g->stride_width,
                                                   g->filter_width, g->dilation_width),
        g->output_depth == g->input_depth * p->depth_multiplier && g->filter_height <= MG_DW_S16_MAX_ROWS};
    return mg_prepare_weighted_s16_backend(node, &plan);
}

/* ---- dsp backend (Cortex-M4/M7/M33), int8, 3x3 filters, depth multiplier 1, no dilation ----
 * The channels go in blocks of MG_DSP_DW_BLOCK. For a block, the three input rows a window needs are kept in a
 * ring (row y in slot y % 3) as int16 cells: cell (x, c) holds the three rows' x + input_offset at column x of
 * channel c (zero for padding) and a zero, 8 bytes, so one LDRD brings a column of the window. The weights are
 * paired to match, doubled (the accumulators come out doubled, as mg_dsp_requant.h wants), in a table per ring
 * rotation built once per block: per tap column one SMLAD and one SMLABB/SMLABT, 9 MACs in 6 instructions. The
 * bias and requantization constants are read from the generator's table (flash), not copied, and a block is 8
 * channels: ring and tables then take 928 B on keyword_spotting's 25x5x64 layers, whose fully overlapped 8,000 B
 * chain leaves a 9,000 B arena goal 1,000 B of scratch. */
#define MG_DSP_DW_BLOCK 8   /* channels per block */
#define MG_DSP_DW_WEIGHTS 5 /* words per channel in a rotation table */

typedef struct {
    mg_conv_geometry geometry;
    int32_t input_offset; /* minus the input zero point */
    int32_t act_min;      /* the fused activation as a quantized range */
    int32_t act_max;
    const int32_t *channels; /* per channel a dsp_channel (mg_dsp_requant.h) with twice the bias */
} mg_depthwise_conv_2d_dsp_params;

/* Cells per ring row: the span of a row of windows. */
static inline int32_t mg_depthwise_conv_2d_dsp_ring_width(int32_t output_width, int32_t stride_width)
{
    return (output_width - 1) * stride_width + 3;
}

/* The ring of cells, then the three rotation tables. */
size_t mg_depthwise_conv_2d_s8_dsp_scratch_size(int32_t output_width, int32_t stride_width);
void mg_depthwise_conv_2d_s8_dsp(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *input, const int8_t *filter,
                                 int8_t *output, void *scratch);
/* int4 filter: widened into the first mg_int4_widened_bytes(9 * output_depth) of the scratch, then the int8 kernel
 * with int8_scratch bytes after them (depthwise_conv_2d_s4_dsp.c). */
size_t mg_depthwise_conv_2d_s4_dsp_scratch_size(int32_t filter_elements, int32_t int8_scratch);
void mg_depthwise_conv_2d_s4_dsp(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *input, const void *filter,
                                 int8_t *output, void *scratch);

/* ---- dsp backend, int8, depth multiplier 2 or more: any filter, strides, dilations, padding, batches ----
 * An input channel with its multiplier's filters is a small convolution of one input channel. Input channel by
 * channel and row by row of outputs, the filter_height input rows the row of windows reads are widened into a
 * block of int16 in scratch (x + input_offset, zero outside the input) stored column by column, each column's
 * values rounded up to an even count (mg_depthwise_conv_2d_multiplier_dsp_rows), so that a window (without
 * dilation_width; with it, the window's columns are copied into a column of scratch first) is one word-aligned run
 * of int16 pairs. Each of the channel's filters is one SMLAD dot product over the run, two filters per pass
 * sharing its loads (depthwise_conv_2d_multiplier_s8_dsp.c). The generator lays every output channel's taps out
 * the same way, doubled (mg_dsp_requant.h wants doubled sums), in (kx, ky) order with a zero for the rounding row
 * and zero-padded to a multiple of MG_DSP_DW_MULTIPLIER_TAPS. The registration gives a node whose output depth
 * differs from its input depth to this kernel, the others to the 3x3 one (the catalog claims them that way). */
#define MG_DSP_DW_MULTIPLIER_TAPS 8 /* a column's taps are padded to a multiple of this (four words) */
/* The lean order: a row's windows staged in MG_DW_MULTIPLIER_LEAN_BLOCKS blocks of output pixels (the columns two
 * blocks share widened again), a block's columns in scratch instead of the row's; the planner asks for it only
 * where the smaller scratch lowers the arena (options[LEAN_SCRATCH], generator/catalog/spec.py). */
#define MG_DW_MULTIPLIER_LEAN_BLOCKS 2

typedef struct {
    mg_conv_geometry geometry;
    int32_t depth_multiplier; /* 2 or more: output_depth = input_depth * depth_multiplier */
    int32_t input_offset;     /* minus the input zero point */
    int32_t act_min;          /* the fused activation as a quantized range */
    int32_t act_max;
    int32_t block_pixels;    /* output pixels per staged block of a row: the output width, or fewer in the lean
                              * order (MG_DW_MULTIPLIER_LEAN_BLOCKS) */
    const int32_t *channels; /* per output channel a dsp_channel (mg_dsp_requant.h) with twice the bias */
    const int32_t *weights;  /* per output channel, its column of doubled taps as int16 pairs; each input channel's
                              * filters two by two, the pair's columns interleaved four words at a time (an odd
                              * multiplier's last filter alone) */
} mg_depthwise_conv_2d_multiplier_dsp_params;

/* Values per block column: filter_height rounded up to even, so that every column starts on a word. */
static inline int32_t mg_depthwise_conv_2d_multiplier_dsp_rows(int32_t filter_height)
{
    return (filter_height + 1) / 2 * 2;
}

/* Words of one column (and of one output channel's weights). */
static inline int32_t mg_depthwise_conv_2d_multiplier_dsp_column_words(int32_t filter_height, int32_t filter_width)
{
    const int32_t taps = mg_depthwise_conv_2d_multiplier_dsp_rows(filter_height) * filter_width;
    return (taps + MG_DSP_DW_MULTIPLIER_TAPS - 1) / MG_DSP_DW_MULTIPLIER_TAPS * (MG_DSP_DW_MULTIPLIER_TAPS / 2);
}

/* Columns of the input rows a row of windows reads. */
static inline int32_t mg_depthwise_conv_2d_multiplier_dsp_span(int32_t filter_width, int32_t output_width,
                                                               int32_t stride_width, int32_t dilation_width)
{
    return (output_width - 1) * stride_width + (filter_width - 1) * dilation_width + 1;
}

/* The column (only with dilation_width), the block of `block_pixels` windows of a row, MG_DSP_DW_MULTIPLIER_TAPS
 * int16 to spare. */
size_t mg_depthwise_conv_2d_multiplier_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width,
                                                           int32_t block_pixels, int32_t stride_width,
                                                           int32_t dilation_width);
void mg_depthwise_conv_2d_multiplier_s8_dsp(const mg_depthwise_conv_2d_multiplier_dsp_params *p, const int8_t *input,
                                            const int8_t *filter, int8_t *output, void *scratch);
/* The mve backend's kernel for the same nodes, parameters and scratch: the dot products with VMLADAVA
 * (depthwise_conv_2d_multiplier_s8_mve.c); the mve registration gives it the nodes whose output depth differs from
 * their input depth. */
size_t mg_depthwise_conv_2d_multiplier_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width,
                                                           int32_t block_pixels, int32_t stride_width,
                                                           int32_t dilation_width);
void mg_depthwise_conv_2d_multiplier_s8_mve(const mg_depthwise_conv_2d_multiplier_dsp_params *p, const int8_t *input,
                                            const int8_t *filter, int8_t *output, void *scratch);

extern const mg_registration mg_register_depthwise_conv_2d_dsp;

/* ---- mve backend (Cortex-M55 Helium), int8, depth multiplier 1 ----
 * Channels are the vector lanes: for each output pixel, 16 channels at a time (then 8, then the last 1-7 under a
 * predicate), every filter tap loads 8 input channels widened to int16 and multiplies them with VMULLB/VMULLT into
 * int32 sums of the even and the odd channels. The generator folds the input offset into the bias (bias +
 * input_offset * the channel's weight sum) and lays the filter out per block of 8 channels, tap after tap; a tap
 * outside the input reads a row of the input zero point (scratch), whose products cancel the folded offset
 * exactly, so borders need no other code.
 *
 * 3x3 filters without dilation or left shifts, over a multiple of 16 channels (any stride) or over 1, 2, 4 or 8
 * channels with stride 1 and whole vectors per output row, take a faster path (fast = 1, its own weight and table
 * layout, depthwise_conv_2d_3x3_row_s8_mve.c): the input rows a row of outputs needs are copied into scratch with
 * their padding (the zero point) and every output row is a run of 16-lane blocks in assembly. With 16-channel
 * blocks only the window's first two rows are copied: the third is read from the input, the pixels whose taps
 * there leave the input in calls of their own reading a pixel of the zero point (so that an output overlapping its
 * input needs only two rows ahead, and the scratch holds two rows). */
#define MG_MVE_DW_MAX_TAPS 64 /* filter_height * filter_width the kernel takes */

typedef struct {
    mg_conv_geometry geometry; /* output_depth = input_depth (depth multiplier 1) */
    int32_t input_offset;      /* minus the input zero point */
    int32_t fast;              /* 1: the 3x3 path (depthwise_conv_2d_3x3_row_s8_mve.c) and its layouts */
    const int32_t *weights;    /* per block of 8 channels (the last zero-padded), per tap, 8 int8 weights;
                                 * fast: per block pattern, 9 taps of 16 lanes */
    const int32_t *table;      /* the requantization table (mg_mve.h), channels in the order 0 2 4 6 1 3 5 7
                                 * within each block of 8; fast: depthwise_conv_2d_3x3_row_s8_mve.c's */
    int32_t left_shift;
    int32_t output_offset; /* the output zero point */
    int32_t act_min;       /* the fused activation as a quantized range */
    int32_t act_max;
} mg_depthwise_conv_2d_mve_params;

/* mg_depthwise_conv_2d_3x3_row_s8_mve's arguments: one output row of the fast path. */
typedef struct {
    const int8_t *x[9];   /* each tap's first input byte, taps in (ky, kx) order */
    const int8_t *w;      /* the first block pattern's weights, at its second tap */
    const int32_t *table; /* the first block pattern's table */
    int8_t *out;
    int32_t count;  /* blocks (packed lanes) or pixels */
    int32_t blocks; /* blocks per pixel (input_depth / 16), or 0 for packed lanes */
    int32_t x_step; /* bytes every tap pointer moves after a pixel's blocks */
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
} mg_depthwise_conv_2d_3x3_row_args;

void mg_depthwise_conv_2d_3x3_row_s8_mve(const mg_depthwise_conv_2d_3x3_row_args *args);
/* A row of the input zero point, input_depth rounded up to a multiple of 16 bytes; fast: three input rows,
 * padded, or for 16-channel blocks two and a pixel of the zero point. */
size_t mg_depthwise_conv_2d_s8_mve_scratch_size(int32_t input_depth, int32_t output_width, int32_t stride_width,
                                                int32_t fast);
void mg_depthwise_conv_2d_s8_mve(const mg_depthwise_conv_2d_mve_params *p, const int8_t *input, int8_t *output,
                                 int8_t *scratch);

extern const mg_registration mg_register_depthwise_conv_2d_mve;

/* ---- portable backend (plain C for cores without DSP: Cortex-M0/M0+, Cortex-M3), int8 ----
 * Pixel by pixel (the reference float kernel's order), four channels at a time: per pixel a pointer per tap to its
 * input pixel, or for a tap in the padding to a generated row of the input zero point, so that every window
 * starts from the bias with the input offset folded in (bias + input_offset * the channel's weight sum) and
 * multiplies raw values; the weights are grouped by four output channels (generated, in place over the model's). */
#define MG_PORTABLE_DW_MAX_TAPS 64 /* filter_height * filter_width the kernel takes */
typedef struct {
    mg_conv_geometry geometry;
    const int32_t *weights; /* int8: per group of four output channels, per tap the four side by side */
    const int32_t *padding; /* input_depth bytes of the input zero point */
    const int32_t *folded;  /* per output channel the folded bias (over the bias in the model if it fits) */
    const int32_t *requant; /* multiplier and shifts (mg_portable_dot.h): per output channel, or one for all */
    int32_t requant_step;   /* words from one channel's requant entry to the next: 2, or 0 (per-tensor) */
    /* per output channel the first and the last accumulator whose output lies inside (act_min, act_max): below
     * the first the output is act_min, above the last act_max (generated for 3x3 filters; NULL: no rows3x3) */
    const int32_t *thresholds;
    int32_t output_offset; /* the output zero point */
    int32_t act_min;       /* the fused activation as a quantized range */
    int32_t act_max;
    int32_t reverse_rows; /* 1: the output rows last first (the output overlaps its input from above) */
} mg_depthwise_conv_2d_portable_params;

/* 3x3 filters, depth multiplier 1, no dilation across: a row's staged columns and its window sums (0 for other
 * filters, rows wider than MG_PORTABLE_DW_ROW_SCRATCH bytes of both, or narrower than MG_PORTABLE_DW_ROW_MIN_WIDTH
 * outputs, whose per-row set-up costs more than the pixel by pixel kernel; the kernel may still take that path for
 * other narrow rows, depthwise_conv_2d_s8_portable.c). */
#define MG_PORTABLE_DW_ROW_SCRATCH 1024
#define MG_PORTABLE_DW_ROW_MIN_WIDTH 5
/* One channel's window sums along a row of 3x3 windows: `columns` holds the channel's staged input columns, column
 * j's three rows as bytes at MG_PORTABLE_DW_COLUMN * j + 0, 1, 2 (x + 128; int8 x on ARMv7-M, whose LDRSB takes an
 * immediate offset); the sum of x * w over the window of output i (its first column at byte i * step) goes to
 * sums[i], which may lie over columns already read. `weights`: the nine taps, 4 bytes apart (the generated
 * layout). ARMv6-M parks partial sums in the word after each column (depthwise_conv_2d_3x3_row_s8_portable.c). */
#if defined(__ARM_ARCH_7M__)
#define MG_PORTABLE_DW_COLUMN 4
#else
#define MG_PORTABLE_DW_COLUMN 8
#endif
void mg_depthwise_conv_2d_3x3_row_s8_portable(uint8_t *columns, int32_t count, int32_t step, const int8_t *weights,
                                              uint32_t *sums);
/* The planes kernel (ARMv7-M and the host; depthwise_conv_2d_3x3_planes_s8_portable.c): 3x3 filters, depth
 * multiplier 1, no dilation, rows of MG_PORTABLE_DW_ROW_MIN_WIDTH outputs or more, four channels at a time, and for
 * those bands of output rows: the band's input rows staged column by column into planes of `pitch` words a column
 * (MG_PORTABLE_DW_PITCH_WIDE or _NARROW: row i of column j at word j * pitch + i, the four channels' values side by
 * side, staged as the rows kernel stages them), at most MG_PORTABLE_DW_PLANES_SCRATCH bytes (the wide pitch half of
 * it), then for each channel its band's outputs. One pass per band keeps the nine weights in registers over the band
 * and requantizes each window's sum as it is made, where the rows kernel loads the weights and its requantization's
 * constants for each row of each channel (KWS: 5 outputs a row) and keeps the sums. */
#define MG_PORTABLE_DW_PITCH_WIDE 32
#define MG_PORTABLE_DW_PITCH_NARROW 8
#define MG_PORTABLE_DW_PLANES_SCRATCH 2048
size_t mg_depthwise_conv_2d_3x3_planes_s8_portable_scratch_size(int32_t filter_height, int32_t filter_width,
                                                                int32_t multiplier, int32_t dilation_height,
                                                                int32_t dilation_width, int32_t stride_height,
                                                                int32_t stride_width, int32_t output_height,
                                                                int32_t output_width);
void mg_depthwise_conv_2d_3x3_planes_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                                 int8_t *output, uint8_t *scratch);
size_t mg_depthwise_conv_2d_s8_portable_scratch_size(int32_t filter_height, int32_t filter_width, int32_t multiplier,
                                                     int32_t dilation_height, int32_t dilation_width,
                                                     int32_t stride_height, int32_t stride_width, int32_t output_height,
                                                     int32_t output_width);
void mg_depthwise_conv_2d_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                      int8_t *output, uint8_t *scratch);

extern const mg_registration mg_register_depthwise_conv_2d_portable;

#endif
