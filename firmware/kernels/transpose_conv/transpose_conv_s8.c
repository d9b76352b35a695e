/* TFLite's reference_integer_ops::TransposeConv (int8, per-channel): the int32 scatter into the scratch buffer,
 * then per output element the bias, the channel's requantization, the output offset and the clamp. */
#include <string.h>

#include "transpose_conv.h"

size_t mg_transpose_conv_s8_scratch_size(int32_t output_elements)
{
    return (size_t)output_elements * sizeof(int32_t);
}

void mg_transpose_conv_s8(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                          const uint8_t *filter_scales, const int32_t *bias, int8_t *output, int32_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t input_offset = p->input_offset;
#define S8_PRODUCT(x, w) ((x) + input_offset) * (w)
    memset(scratch, 0, (size_t)mg_conv_output_elements(g) * sizeof(int32_t));
    MG_TRANSPOSE_CONV_SCATTER(g, input, filter, scratch, int32_t, S8_PRODUCT)
#undef S8_PRODUCT
    mg_transpose_conv_requantize_s8(p, filter_scales, bias, scratch, output);
}
