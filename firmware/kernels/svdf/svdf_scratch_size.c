/* SVDF's scratch (TFLite Micro's PrepareSvdf requests the same two buffers): the per-filter time products, then,
 * for the int8 kernel, the per-unit sums. Compiled alone for the build machine too (ops/_scratch.py). */
#include "svdf.h"

size_t mg_svdf_scratch_size(int32_t batches, int32_t filters, int32_t rank, int32_t is_int8)
{
    const size_t per_filter = (size_t)batches * (size_t)filters * 4u;
    return is_int8 ? per_filter + (size_t)batches * (size_t)(filters / rank) * 4u : per_filter;
}

/* svdf_s8_dsp.c: the batch's input as SXTB16 pairs for the four-row loop (mg_dsp_four_rows), its whole 8-value steps */
size_t mg_svdf_s8_dsp_scratch_size(int32_t input_size)
{
    return (size_t)(input_size & ~7) * 2u;
}

/* svdf_s8_mve.c: per filter of one batch its feature sum (then its time sum) and its new state value, int32 each,
 * each array rounded up to whole vectors of four */
size_t mg_svdf_s8_mve_scratch_size(int32_t filters)
{
    return (size_t)((filters + 3) & ~3) * 8u;
}
