/* CONV_2D (mve backend) with an int4 filter: the filter widened once per invoke into the start of the scratch (32
 * values per Helium step, mg_int4.h), then the int8 kernel (conv_2d_s8_mve.c) with the rest of the scratch. */
#include "conv_2d.h"
#include "mg_int4.h"

size_t mg_conv_2d_s4_mve_scratch_size(int32_t filter_elements, int32_t int8_scratch)
{
    return mg_int4_widened_bytes(filter_elements) + (size_t)int8_scratch;
}

#if defined(__ARM_FEATURE_MVE)

void mg_conv_2d_s4_mve(const mg_conv_2d_mve_params *p, const int8_t *input, const void *filter, int8_t *output,
                       int8_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t elements = g->output_depth * g->filter_height * g->filter_width * g->input_depth;
    mg_unpack_int4_all(filter, elements, scratch);
    mg_conv_2d_s8_mve(p, input, scratch, output, scratch + mg_int4_widened_bytes(elements));
}

#endif
