/* LESS_EQUAL, float: TFLite's reference_ops::LessEqualNoScaling (TFLite Micro's comparisons.cc). */
#include "comparisons.h"
#include "mg_binary_loop.h"

void mg_less_equal_f32(const mg_comparisons_params *p, const float *input1, const float *input2, uint8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, MG_LESS_EQUAL_STEP);
}
