/* MAXIMUM, int32: TFLite's reference_ops::MaximumMinimumBroadcastSlow with MaximumOp
 * (TFLite Micro's maximum_minimum.cc). */
#include "maximum_minimum.h"
#include "mg_binary_loop.h"

void mg_maximum_s32(const mg_maximum_minimum_params *p, const int32_t *input1, const int32_t *input2, int32_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_MAXIMUM_STEP);
}
