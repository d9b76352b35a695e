/* The pooling family's prepare (TFLite Micro's PoolingPrepare checks), shared by every backend. */
#include "pool_2d.h"
#include "mg_elementwise.h"

static mg_status check(mg_node *node, int flags)
{
    const mg_pool_2d_params *p = node->params;
    return mg_check_tensors(node, 1, p->batches * p->input_height * p->input_width * p->depth,
                            p->batches * p->output_height * p->output_width * p->depth, flags);
}

mg_status mg_pool_2d_prepare(mg_node *node)
{
    if (check(node, MG_ELEMENTWISE_ANY_TYPE)) {
        return MG_ERROR;
    }
    const uint8_t type = mg_output(node, 0)->type;
    return type == MG_INT8 || type == MG_INT16 || type == MG_FLOAT32 ? MG_OK
                                                                     : mg_fail(node, "supports int8, int16, float32");
}

mg_status mg_pool_2d_prepare_s8(mg_node *node)
{
    return check(node, MG_ELEMENTWISE_INT8_ONLY);
}
