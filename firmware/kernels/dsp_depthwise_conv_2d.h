/* DEPTHWISE_CONV_2D for the dsp backend (Cortex-M4/M7/M33), int8, 3x3 filters, depth multiplier 1, no dilation,
 * any strides and padding, bit-exact with TFLite Micro's reference kernel.
 *
 * The channels go in blocks of MG_DSP_DW_BLOCK. For a block, the three input rows a window needs are kept in a
 * ring (row y in slot y % 3) as int16 cells: cell (x, c) holds the three rows' x + input_offset at column x of
 * channel c (zero for padding) and a zero, 8 bytes, so one LDRD brings a column of the window. The weights are
 * paired to match, doubled (the accumulators come out doubled, as dsp_requant.h wants), in a table per ring
 * rotation built once per block: per tap column one SMLAD and one SMLABB/SMLABT, 9 MACs in 6 instructions. */
#ifndef MG_DSP_DEPTHWISE_CONV_2D_H
#define MG_DSP_DEPTHWISE_CONV_2D_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

#define MG_DSP_DW_BLOCK 16 /* channels per block */
#define MG_DSP_DW_ENTRY 9  /* words per channel in a rotation table */

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t depth;            /* input and output channels */
    int32_t output_height;
    int32_t output_width;
    int32_t stride_height;
    int32_t stride_width;
    int32_t pad_height;       /* padding before the first row / column */
    int32_t pad_width;
    int32_t padded_width;     /* cells per ring row: (output_width - 1) * stride_width + 3 */
    int32_t input_offset;     /* minus the input zero point */
    int32_t act_min;          /* the fused activation as a quantized range */
    int32_t act_max;
    const int32_t *channels;  /* per channel a dsp_channel (dsp_requant.h) with twice the bias */
} mg_depthwise_conv_2d_dsp_params;

size_t mg_depthwise_conv_2d_dsp_scratch_size(const mg_depthwise_conv_2d_dsp_params *p);
void mg_depthwise_conv_2d_s8_dsp(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *input, const int8_t *filter,
                                 int8_t *output, void *scratch);

extern const mg_registration mg_register_depthwise_conv_2d_dsp;

#endif
