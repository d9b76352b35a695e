/* BATCH_MATMUL (mve backend) registration (MG_BATCH_MATMUL_BACKEND_REGISTRATION): the family's prepare (int8 or
 * int16, the mve scratch of that type), then the mve kernel of the node's type. */
#include "batch_matmul.h"

MG_BATCH_MATMUL_BACKEND_REGISTRATION(mve);
