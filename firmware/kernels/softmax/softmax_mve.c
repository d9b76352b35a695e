/* SOFTMAX (mve backend) registration: int8 -> int8, int8 -> int16 and int16 -> int16 (softmax_s8_mve.c,
 * softmax_s16_mve.c) on the family's backend prepare. */
#include "softmax.h"

#if defined(__ARM_FEATURE_MVE)
MG_SOFTMAX_BACKEND_REGISTRATION(mve);
#endif
