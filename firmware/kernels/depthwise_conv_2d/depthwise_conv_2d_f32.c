/* TFLite's reference float DepthwiseConv, float32 filter (the body: mg_depthwise_conv_2d_float.h). */
#include "mg_depthwise_conv_2d_float.h"

void mg_depthwise_conv_2d_f32(const mg_depthwise_conv_2d_params *p, const float *input, const float *filter,
                              const float *bias, float *output)
{
    mg_depthwise_conv_2d_float(p, input, filter, 0, bias, output);
}
