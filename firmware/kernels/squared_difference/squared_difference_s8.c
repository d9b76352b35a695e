/* SQUARED_DIFFERENCE, int8: TFLite Micro's squared_difference.cc EvalQuantizedSquaredDifference<int8_t>. */
#include "mg_binary_loop.h"
#include "squared_difference.h"

#define STEP(a, b) (int8_t) mg_clamp(mg_squared_difference_quantized(p, a, b), INT8_MIN, INT8_MAX)

void mg_squared_difference_s8(const mg_squared_difference_params *p, const int8_t *input1, const int8_t *input2,
                              int8_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
