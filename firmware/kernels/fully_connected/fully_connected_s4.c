/* TFLite Micro's FullyConnected with int4 weights (UnpackDenseInt4IntoInt8, then the int8 kernel): the same sums,
 * the weights widened a pair of rows at a time into scratch (the body: mg_fully_connected_int8.h). */
#include "mg_fully_connected_int8.h"

size_t mg_fully_connected_s4_scratch_size(int32_t accum_depth)
{
    return 2u * (size_t)accum_depth;
}

void mg_fully_connected_s4(const mg_fully_connected_params *p, const int8_t *input, const void *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output, void *scratch)
{
    mg_fully_connected_int8(p, input, weights, weight_scales, bias, output, scratch);
}
