/* CONV_2D (dsp backend) with an int4 filter: the filter widened once per invoke into the start of the scratch (eight
 * values per word, mg_int4.h), then the int8 kernel (conv_2d_s8_dsp.c) with the rest of the scratch. Every
 * widened weight then serves every output pixel, so the widening costs about 2.5 instructions per weight against
 * the int8 kernel's 0.95 per MAC. */
#include "conv_2d.h"
#include "mg_int4.h"

size_t mg_conv_2d_s4_dsp_scratch_size(int32_t filter_elements, int32_t int8_scratch)
{
    return mg_int4_widened_bytes(filter_elements) + (size_t)int8_scratch;
}

void mg_conv_2d_s4_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, const void *filter, int8_t *output,
                       void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t elements = g->output_depth * g->filter_height * g->filter_width * g->input_depth;
    int8_t *widened = scratch;
    mg_unpack_int4_all(filter, elements, widened);
    mg_conv_2d_s8_dsp(p, input, widened, output, widened + mg_int4_widened_bytes(elements));
}
