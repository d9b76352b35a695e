/* MUL (dsp backend) registration: int8 and int16 with broadcasting (mul_s8_dsp.c, mul_s16_dsp.c) on the family's
 * element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_S8_S16(mul_dsp, mg_prepare_binary_any, mg_mul_s8_dsp, mg_mul_s16_dsp);
