/* TFLite's reference float Conv, float16 filter kept in flash and widened as it is read (the body:
 * mg_conv_2d_float.h); float32 input, bias and output. */
#include "mg_conv_2d_float.h"

void mg_conv_2d_f16(const mg_conv_2d_params *p, const float *input, const uint16_t *filter, const float *bias,
                    float *output)
{
    mg_conv_2d_float(p, input, filter, 1, bias, output);
}
