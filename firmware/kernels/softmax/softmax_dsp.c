/* SOFTMAX (dsp backend) registration: int8 -> int8, int8 -> int16 and int16 -> int16 (softmax_s8_dsp.c,
 * softmax_s16_dsp.c) on the family's backend prepare. */
#include "softmax.h"

MG_SOFTMAX_BACKEND_REGISTRATION(dsp);
