/* MAX_POOL_2D (dsp backend) registration: int8 and int16 (max_pool_2d_s8_dsp.c, max_pool_2d_s16_dsp.c) on the family's
 * prepare. */
#include "pool_2d.h"

MG_REGISTER_POOL_2D_BACKEND(max_pool_2d, dsp);
