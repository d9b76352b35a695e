/* LESS_EQUAL, int8: TFLite's reference_ops::LessEqualWithScaling (TFLite Micro's comparisons.cc). */
#include "comparisons.h"
#include "mg_binary_loop.h"

/* both inputs on the common scale, then compared */
#define STEP(a, b) MG_LESS_EQUAL_STEP(MG_RESCALED1(p, a), MG_RESCALED2(p, b))

void mg_less_equal_s8(const mg_comparisons_params *p, const int8_t *input1, const int8_t *input2, uint8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
