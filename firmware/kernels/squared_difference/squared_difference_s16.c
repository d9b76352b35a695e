/* SQUARED_DIFFERENCE, int16: TFLite Micro's squared_difference.cc EvalQuantizedSquaredDifference<int16_t>. */
#include "mg_binary_loop.h"
#include "squared_difference.h"

#define STEP(a, b) (int16_t) mg_clamp(mg_squared_difference_quantized(p, a, b), INT16_MIN, INT16_MAX)

void mg_squared_difference_s16(const mg_squared_difference_params *p, const int16_t *input1, const int16_t *input2,
                               int16_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
