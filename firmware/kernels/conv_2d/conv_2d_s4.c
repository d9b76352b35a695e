/* TFLite Micro's ConvPerChannel with an int4 filter (UnpackDenseInt4IntoInt8, then the int8 kernel): the same sums,
 * each output channel's filter widened into scratch as its turn comes (the body: mg_conv_2d_int8.h). */
#include "mg_conv_2d_int8.h"

size_t mg_conv_2d_s4_scratch_size(int32_t filter_height, int32_t filter_width, int32_t filter_input_depth)
{
    return (size_t)filter_height * (size_t)filter_width * (size_t)filter_input_depth;
}

void mg_conv_2d_s4(const mg_conv_2d_params *p, const int8_t *input, const void *filter, const uint8_t *filter_scales,
                   const int32_t *bias, int8_t *output, void *scratch)
{
    mg_conv_2d_int8(p, input, filter, filter_scales, bias, output, scratch);
}
