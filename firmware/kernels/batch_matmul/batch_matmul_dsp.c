/* BATCH_MATMUL (dsp backend) registration (MG_BATCH_MATMUL_BACKEND_REGISTRATION): the family's prepare (int8 or
 * int16, the dsp scratch of that type), then the dsp kernel of the node's type. */
#include "batch_matmul.h"

MG_BATCH_MATMUL_BACKEND_REGISTRATION(dsp);
