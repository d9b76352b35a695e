/* MINIMUM, float: TFLite's reference_ops::MaximumMinimumBroadcastSlow with MinimumOp
 * (TFLite Micro's maximum_minimum.cc). */
#include "maximum_minimum.h"
#include "mg_binary_loop.h"

void mg_minimum_f32(const mg_maximum_minimum_params *p, const float *input1, const float *input2, float *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_MINIMUM_STEP);
}
