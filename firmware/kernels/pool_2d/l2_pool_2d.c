/* L2_POOL_2D registration (TFLite Micro's l2_pool_2d.cc): the pooling family's prepare, float32 only (TFLite
 * Micro has no quantized L2 pool). */
#include "mg_elementwise.h"
#include "pool_2d.h"

static mg_status prepare_f32(mg_node *node)
{
    if (mg_pool_2d_prepare(node) != MG_OK) {
        return MG_ERROR;
    }
    return mg_output(node, 0)->type == MG_FLOAT32 ? MG_OK : mg_fail(node, "supports float32 only");
}

MG_REGISTER_UNARY_ONE(l2_pool_2d, prepare_f32, mg_l2_pool_2d_f32);
