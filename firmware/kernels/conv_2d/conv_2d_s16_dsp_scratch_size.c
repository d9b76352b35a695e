/* The scratch of mg_conv_2d_s16_dsp (conv_2d_s16_dsp.c), in its own file so that the planner's host library
 * (generator/catalog/ops/_scratch.py) compiles it without the kernel's runtime calls. */
#include "conv_2d.h"

size_t mg_conv_2d_s16_dsp_scratch_size(int32_t filter_taps, int32_t output_depth)
{
    const size_t taps = (size_t)((filter_taps + 3) & ~3); /* whole groups of 4 */
    return MG_DSP_S16_COLS * taps * 2u + taps + (size_t)output_depth * 16u;
}
