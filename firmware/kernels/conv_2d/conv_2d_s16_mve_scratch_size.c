/* The scratch of mg_conv_2d_s16_mve (conv_2d_s16_mve.c), in its own file so that the planner's host library
 * (generator/catalog/ops/_scratch.py) compiles it without the kernel's runtime calls. */
#include "conv_2d.h"
#include "mg_dsp_requant_s16.h"

size_t mg_conv_2d_s16_mve_scratch_size(int32_t filter_taps, int32_t output_depth)
{
    /* each channel's bias and requantization, then one im2col row */
    return (size_t)output_depth * sizeof(mg_dsp_s16_channel) + (size_t)filter_taps * sizeof(int16_t);
}
