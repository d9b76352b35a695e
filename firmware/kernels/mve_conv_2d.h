/* CONV_2D in the mve backend (Cortex-M55 Helium), int8, one group, bit-exact with TFLite Micro's reference kernel.
 * Each output pixel's receptive field becomes one row of K = filter_height * filter_width * input_depth int8
 * values (im2col rows in the scratch buffer, MG_MVE_CONV_ROWS at a time, the padding filled with the input zero
 * point so that it adds nothing once the input offset is folded into the bias); a 1x1 filter's rows are the input
 * pixels. Pairs of rows, interleaved, then meet every filter row (OHWI, read in place from the model) four output
 * channels at a time (mve_matmul.h). */
#ifndef MG_MVE_CONV_2D_H
#define MG_MVE_CONV_2D_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"
#include "mve_util.h"

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t input_depth;
    int32_t filter_height;
    int32_t filter_width;
    int32_t output_height;
    int32_t output_width;
    int32_t output_depth;
    int32_t stride_height;
    int32_t stride_width;
    int32_t dilation_height;
    int32_t dilation_width;
    int32_t pad_height;       /* padding before the first row / column */
    int32_t pad_width;
    int32_t input_offset;     /* minus the input zero point */
    const int32_t *table;     /* the requantization table (mve_util.h) */
    int32_t left_shift;
    int32_t output_offset;    /* the output zero point */
    int32_t act_min;          /* the fused activation as a quantized range */
    int32_t act_max;
} mg_conv_2d_mve_params;

#define MG_MVE_CONV_ROWS 4   /* im2col rows built per pass over the filter */
#define MG_MVE_PAIR_BLOCKS 3 /* the two-row loop from this many blocks of 16 taps on */

/* MG_MVE_CONV_ROWS im2col rows (none for a 1x1 filter), then MG_MVE_CONV_ROWS / 2 interleaved pairs of rows
 * (mve_matmul.h). */
size_t mg_conv_2d_mve_scratch_size(const mg_conv_2d_mve_params *p);
void mg_conv_2d_s8_mve(const mg_conv_2d_mve_params *p, const int8_t *input, const int8_t *filter, int8_t *output,
                       int8_t *scratch);

extern const mg_registration mg_register_conv_2d_mve;

#endif
