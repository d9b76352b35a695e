/* DEPTHWISE_CONV_2D in the mve backend (Cortex-M55 Helium), int8, depth multiplier 1, bit-exact with TFLite
 * Micro's reference kernel. Channels are the vector lanes: for each output pixel, 16 channels at a time (then 8,
 * then the last 1-7 under a predicate), every filter tap loads 8 input channels widened to int16 and multiplies
 * them with VMULLB/VMULLT into int32 sums of the even and the odd channels. The generator folds the input offset
 * into the bias (bias + input_offset * the channel's weight sum) and lays the filter out per block of 8 channels,
 * tap after tap; a tap outside the input reads a row of the input zero point (scratch), whose products cancel the
 * folded offset exactly, so borders need no other code.
 *
 * 3x3 filters without dilation or left shifts, over a multiple of 16 channels (any stride) or over 1, 2, 4 or 8
 * channels with stride 1 and whole vectors per output row, take a faster path (fast = 1, its own weight and table
 * layout, mve_depthwise_3x3_s8.c): the three input rows a row of outputs needs are copied into scratch with their
 * padding (the zero point) and every output row is a run of 16-lane blocks in assembly. */
#ifndef MG_MVE_DEPTHWISE_CONV_2D_H
#define MG_MVE_DEPTHWISE_CONV_2D_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"
#include "mve_util.h"

#define MG_MVE_DW_MAX_TAPS 64 /* filter_height * filter_width the kernel takes */

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t input_depth;
    int32_t filter_height;
    int32_t filter_width;
    int32_t output_height;
    int32_t output_width;
    int32_t output_depth;       /* = input_depth (depth multiplier 1) */
    int32_t stride_height;
    int32_t stride_width;
    int32_t dilation_height;
    int32_t dilation_width;
    int32_t pad_height;         /* padding before the first row / column */
    int32_t pad_width;
    int32_t input_offset;       /* minus the input zero point */
    int32_t fast;               /* 1: the 3x3 path (mve_depthwise_3x3_s8.c) and its layouts */
    const int32_t *weights;     /* per block of 8 channels (the last zero-padded), per tap, 8 int8 weights;
                                 * fast: per block pattern, 9 taps of 16 lanes */
    const int32_t *table;       /* the requantization table (mve_util.h), channels in the order 0 2 4 6 1 3 5 7
                                 * within each block of 8; fast: mve_depthwise_3x3_s8.c's */
    int32_t left_shift;
    int32_t output_offset;      /* the output zero point */
    int32_t act_min;            /* the fused activation as a quantized range */
    int32_t act_max;
} mg_depthwise_conv_2d_mve_params;

/* mg_mve_dw3x3_row_s8's arguments: one output row of the fast path. */
typedef struct {
    const int8_t *x[9];         /* each tap's first input byte, taps in (ky, kx) order */
    const int8_t *w;            /* the first block pattern's weights, at its second tap */
    const int32_t *table;       /* the first block pattern's table */
    int8_t *out;
    int32_t count;              /* blocks (packed lanes) or pixels */
    int32_t blocks;             /* blocks per pixel (input_depth / 16), or 0 for packed lanes */
    int32_t x_step;             /* bytes every tap pointer moves after a pixel's blocks */
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
} mve_dw_row_args;

void mg_mve_dw3x3_row_s8(const mve_dw_row_args *args);

/* A row of the input zero point, input_depth rounded up to a multiple of 16 bytes; fast: the zero point row and
 * three input rows, padded. */
size_t mg_depthwise_conv_2d_mve_scratch_size(const mg_depthwise_conv_2d_mve_params *p);
void mg_depthwise_conv_2d_s8_mve(const mg_depthwise_conv_2d_mve_params *p, const int8_t *input, int8_t *output,
                                 int8_t *scratch);

extern const mg_registration mg_register_depthwise_conv_2d_mve;

#endif
