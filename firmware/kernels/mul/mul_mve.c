/* MUL (mve backend) registration: int8 and int16 with broadcasting (mul_s8_mve.c, mul_s16_mve.c) on the family's
 * element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

#if defined(__ARM_FEATURE_MVE)

MG_REGISTER_BINARY_S8_S16(mul_mve, mg_prepare_binary_any, mg_mul_s8_mve, mg_mul_s16_mve);

#endif
