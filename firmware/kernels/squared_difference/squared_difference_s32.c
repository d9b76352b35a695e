/* SQUARED_DIFFERENCE, int32: TFLite Micro's squared_difference.cc SquaredDifference<int32_t>; overflow wraps
 * (explicitly here, in unsigned arithmetic). */
#include "mg_binary_loop.h"
#include "squared_difference.h"

static int32_t squared_difference(int32_t a, int32_t b)
{
    const uint32_t difference = (uint32_t)a - (uint32_t)b;
    return (int32_t)(difference * difference);
}

void mg_squared_difference_s32(const mg_squared_difference_params *p, const int32_t *input1, const int32_t *input2,
                               int32_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, squared_difference);
}
