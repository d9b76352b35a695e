/* DEPTH_TO_SPACE registration: checks the node against its parameters, then copies. */
#include "depth_to_space.h"
#include "mg_elementwise.h"

/* mg_strided_copy_params does not begin with its count, so mg_prepare_unary_any cannot find it. */
static mg_status prepare(mg_node *node)
{
    const mg_depth_to_space_params *p = node->params;
    return mg_check_tensors(node, 1, p->count, p->count, MG_ELEMENTWISE_ANY_TYPE);
}

MG_REGISTER_UNARY_ONE(depth_to_space, prepare, mg_depth_to_space_generic);
