/* BATCH_MATMUL (mve backend) registration: the family's prepare (int8 only, the mve scratch), then the mve
 * invoke. */
#include "batch_matmul.h"

static mg_status prepare(mg_node *node)
{
    const mg_batch_matmul_params *p = node->params;
    const mg_tensor *lhs = mg_input(node, 0);
    if (!lhs || lhs->type != MG_INT8) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    return mg_batch_matmul_prepare(node, mg_batch_matmul_s8_mve_scratch_size(p->cols, p->depth));
}

static mg_status invoke(mg_node *node)
{
    mg_batch_matmul_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,
                           node->scratch);
    return MG_OK;
}

const mg_registration mg_register_batch_matmul_mve = {0, 0, prepare, invoke};
