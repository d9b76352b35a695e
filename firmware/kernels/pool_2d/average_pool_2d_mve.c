/* AVERAGE_POOL_2D (mve backend) registration: int8 and int16 (average_pool_2d_s8_mve.c, average_pool_2d_s16_mve.c) on the family's
 * prepare. */
#include "pool_2d.h"

#if defined(__ARM_FEATURE_MVE)
MG_REGISTER_POOL_2D_BACKEND(average_pool_2d, mve);
#endif
