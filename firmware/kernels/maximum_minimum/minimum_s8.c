/* MINIMUM, int8: TFLite's reference_ops::MaximumMinimumBroadcastSlow with MinimumOp
 * (TFLite Micro's maximum_minimum.cc). */
#include "maximum_minimum.h"
#include "mg_binary_loop.h"

void mg_minimum_s8(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_MINIMUM_STEP);
}
