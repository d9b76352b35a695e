/* GREATER, int32: TFLite's reference_ops::GreaterNoScaling (TFLite Micro's comparisons.cc). */
#include "comparisons.h"
#include "mg_binary_loop.h"

void mg_greater_s32(const mg_comparisons_params *p, const int32_t *input1, const int32_t *input2, uint8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_GREATER_STEP);
}
