/* TFLite's reference float Conv, float32 filter (the body: mg_conv_2d_float.h). */
#include "mg_conv_2d_float.h"

void mg_conv_2d_f32(const mg_conv_2d_params *p, const float *input, const float *filter, const float *bias,
                    float *output)
{
    mg_conv_2d_float(p, input, filter, 0, bias, output);
}
