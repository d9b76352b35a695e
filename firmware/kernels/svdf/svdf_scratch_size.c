/* SVDF's scratch (TFLite Micro's PrepareSvdf requests the same two buffers): the per-filter time products, then,
 * for the int8 kernel, the per-unit sums. Compiled alone for the build machine too (ops/_scratch.py). */
#include "svdf.h"

size_t mg_svdf_scratch_size(int32_t batches, int32_t filters, int32_t rank, int32_t is_int8)
{
    const size_t per_filter = (size_t)batches * (size_t)filters * 4u;
    return is_int8 ? per_filter + (size_t)batches * (size_t)(filters / rank) * 4u : per_filter;
}
