/* CONV_2D for the dsp backend (Cortex-M4/M7/M33: SMLAD, SXTB16), int8, one group, bit-exact with TFLite Micro's
 * reference kernel.
 *
 * MG_DSP_CONV_COLS output pixels at a time, the input window of each becomes a column of int16 values
 * (x + input_offset, zero for the padding) in the scratch buffer: a 1x1 convolution, or a window inside the input
 * with rows of whole words, expands straight from the input; other windows go through an int8 staging copy
 * (small inputs that most windows would leave are copied once into a padded buffer instead). Then every filter
 * row, read in place from the model, meets the six columns in an assembly loop: per 4 weights one LDR, two SXTB16,
 * three LDM and 12 SMLAD (0.75 instructions per MAC), and the six outputs are requantized in four instructions
 * each (dsp_requant.h). */
#ifndef MG_DSP_CONV_2D_H
#define MG_DSP_CONV_2D_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

#define MG_DSP_CONV_COLS 6 /* output pixels per pass over the filter */

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
    int32_t padded_height;    /* a small padded input is copied to scratch with these extents first; 0: not */
    int32_t padded_width;
    int32_t input_offset;     /* minus the input zero point */
    int32_t act_min;          /* the fused activation as a quantized range */
    int32_t act_max;
    const int32_t *channels;  /* per output channel a dsp_channel (dsp_requant.h): bias, multiplier, offset, shift */
} mg_conv_2d_dsp_params;

size_t mg_conv_2d_dsp_scratch_size(const mg_conv_2d_dsp_params *p);
void mg_conv_2d_s8_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, const int8_t *filter, int8_t *output,
                       void *scratch);

extern const mg_registration mg_register_conv_2d_dsp;

#endif
