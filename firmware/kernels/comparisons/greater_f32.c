/* GREATER, float: TFLite's reference_ops::GreaterNoScaling (TFLite Micro's comparisons.cc). */
#include "comparisons.h"
#include "mg_binary_loop.h"

void mg_greater_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_GREATER_STEP);
}
