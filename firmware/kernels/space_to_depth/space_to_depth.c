/* SPACE_TO_DEPTH registration: checks the node against its parameters, then copies. */
#include "space_to_depth.h"
#include "mg_elementwise.h"

/* mg_strided_copy_params does not begin with its count, so mg_prepare_unary_any cannot find it. */
static mg_status prepare(mg_node *node)
{
    const mg_space_to_depth_params *p = node->params;
    return mg_check_tensors(node, 1, p->count, p->count, MG_ELEMENTWISE_ANY_TYPE);
}

MG_REGISTER_UNARY_ONE(space_to_depth, prepare, mg_space_to_depth_generic);
