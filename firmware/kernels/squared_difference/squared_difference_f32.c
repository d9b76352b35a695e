/* SQUARED_DIFFERENCE, float32: TFLite Micro's squared_difference.cc SquaredDifference<float>. */
#include "mg_binary_loop.h"
#include "squared_difference.h"

static float squared_difference(float a, float b)
{
    const float difference = a - b;
    return difference * difference;
}

void mg_squared_difference_f32(const mg_squared_difference_params *p, const float *input1, const float *input2,
                               float *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, squared_difference);
}
