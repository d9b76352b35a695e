/* The scratch of mg_fully_connected_s16_dsp (fully_connected_s16_dsp.c), in its own file so that the planner's host
 * library (generator/catalog/ops/_scratch.py) compiles it without the kernel's runtime calls. */
#include "fully_connected.h"

size_t mg_fully_connected_s16_dsp_scratch_size(int32_t batches, int32_t accum_depth, int32_t output_depth)
{
    /* the paired inputs of one row, or of two with two batches or more; the channels */
    const size_t rows = batches >= 2 ? 2u : 1u;
    return rows * (size_t)(accum_depth & ~7) * 2u + (size_t)output_depth * 16u;
}
