/* BATCH_MATMUL (dsp backend) registration (MG_BATCH_MATMUL_BACKEND_REGISTRATION): the family's prepare (int8 only, the
 * dsp scratch), then the dsp invoke. */
#include "batch_matmul.h"

MG_BATCH_MATMUL_BACKEND_REGISTRATION(dsp);
