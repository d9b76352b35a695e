/* TFLite Micro's reference FullyConnected, int8 weights (the body: mg_fully_connected_int8.h). */
#include "mg_fully_connected_int8.h"

void mg_fully_connected_s8(const mg_fully_connected_params *p, const int8_t *input, const int8_t *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output)
{
    mg_fully_connected_int8(p, input, weights, weight_scales, bias, output, 0);
}
