/* int16 MUL in the mve backend (Cortex-M55 Helium), bit-exact with TFLite's reference MulElementwise /
 * BroadcastMul6DSlow on int16 (mul_s16.c): the walk and rows of mg_mul_mve.h on int16 (products up to 2^30 fit
 * the int32 lanes). */
#pragma GCC optimize("O3")
#include "mg_mul_mve.h"

#if defined(__ARM_FEATURE_MVE)

void mg_mul_s16_mve(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    mg_mul_mve_walk(p, input1, input2, output, 16);
}

#endif
