/* TFLite's reference float FullyConnected, float32 weights (the body: mg_fully_connected_float.h). */
#include "mg_fully_connected_float.h"

void mg_fully_connected_f32(const mg_fully_connected_params *p, const float *input, const float *weights,
                            const float *bias, float *output)
{
    mg_fully_connected_float(p, input, weights, 0, bias, output);
}
