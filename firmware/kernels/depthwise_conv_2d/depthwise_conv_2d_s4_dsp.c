/* DEPTHWISE_CONV_2D (dsp backend) with an int4 filter: the filter widened once per invoke into the start of the
 * scratch (eight values per word, mg_int4.h), then the int8 kernel (depthwise_conv_2d_s8_dsp.c) with the rest. */
#include "depthwise_conv_2d.h"
#include "mg_int4.h"

size_t mg_depthwise_conv_2d_s4_dsp_scratch_size(int32_t filter_elements, int32_t int8_scratch)
{
    return mg_int4_widened_bytes(filter_elements) + (size_t)int8_scratch;
}

void mg_depthwise_conv_2d_s4_dsp(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *input, const void *filter,
                                 int8_t *output, void *scratch)
{
    const int32_t elements = 9 * p->geometry.output_depth; /* 3x3 taps per channel */
    int8_t *widened = scratch;
    mg_unpack_int4_all(filter, elements, widened);
    mg_depthwise_conv_2d_s8_dsp(p, input, widened, output, widened + mg_int4_widened_bytes(elements));
}
