/* BATCH_TO_SPACE_ND registration: checks the node against its parameters, then copies. */
#include "batch_to_space_nd.h"
#include "mg_elementwise.h"

/* The crops drop input elements, so only the output's count is fixed. */
static mg_status prepare(mg_node *node)
{
    const mg_batch_to_space_nd_params *p = node->params;
    return mg_check_tensors(node, 1, -1, p->count, 0);
}

MG_REGISTER_UNARY_ONE(batch_to_space_nd, prepare, mg_batch_to_space_nd_generic);
