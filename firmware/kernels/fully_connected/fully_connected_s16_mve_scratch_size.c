/* The scratch of mg_fully_connected_s16_mve (fully_connected_s16_mve.c), in its own file so that the planner's host
 * library (generator/catalog/ops/_scratch.py) compiles it without the kernel's runtime calls. */
#include "fully_connected.h"
#include "mg_dsp_requant_s16.h"

size_t mg_fully_connected_s16_mve_scratch_size(int32_t output_depth)
{
    return (size_t)output_depth * sizeof(mg_dsp_s16_channel); /* each channel's bias and requantization */
}
