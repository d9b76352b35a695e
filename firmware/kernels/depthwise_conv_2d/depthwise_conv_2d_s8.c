/* TFLite Micro's reference DepthwiseConvPerChannel, int8 filter (the body: mg_depthwise_conv_2d_int8.h). */
#include "mg_depthwise_conv_2d_int8.h"

void mg_depthwise_conv_2d_s8(const mg_depthwise_conv_2d_params *p, const int8_t *input, const int8_t *filter,
                             const uint8_t *filter_scales, const int32_t *bias, int8_t *output)
{
    mg_depthwise_conv_2d_int8(p, input, filter, filter_scales, bias, output, 0);
}
