/* int8 MUL in the mve backend (Cortex-M55 Helium), bit-exact with TFLite's reference MulElementwise /
 * BroadcastMul6DSlow (mul_s8.c): the walk and rows of mg_mul_mve.h on int8. */
#pragma GCC optimize("O3")
#include "mg_mul_mve.h"

#if defined(__ARM_FEATURE_MVE)

void mg_mul_s8_mve(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    mg_mul_mve_walk(p, input1, input2, output, 8);
}

#endif
