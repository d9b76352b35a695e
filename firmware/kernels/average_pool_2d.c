/* AVERAGE_POOL_2D registration: the pooling family's prepare (pool_2d.c), the math by type. */
#include "mg_elementwise.h"
#include "pool_2d.h"

MG_REGISTER_UNARY(average_pool_2d, mg_pool_2d_prepare, mg_average_pool_2d_s8, mg_average_pool_2d_f32);
