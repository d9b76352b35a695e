/* MAX_POOL_2D registration: the pooling family's prepare (pool_2d.c), the math by type. */
#include "pool_2d.h"

MG_REGISTER_POOL_2D(max_pool_2d);
