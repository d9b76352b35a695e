/* TFLite's reference float FullyConnected, float16 weights kept in flash and widened as they are read (the body:
 * mg_fully_connected_float.h); float32 input, bias and output. */
#include "mg_fully_connected_float.h"

void mg_fully_connected_f16(const mg_fully_connected_params *p, const float *input, const uint16_t *weights,
                            const float *bias, float *output)
{
    mg_fully_connected_float(p, input, weights, 1, bias, output);
}
