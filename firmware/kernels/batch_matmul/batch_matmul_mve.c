/* BATCH_MATMUL (mve backend) registration (MG_BATCH_MATMUL_BACKEND_REGISTRATION): the family's prepare (int8 only, the
 * mve scratch), then the mve invoke. */
#include "batch_matmul.h"

MG_BATCH_MATMUL_BACKEND_REGISTRATION(mve);
