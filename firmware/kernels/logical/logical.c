/* LOGICAL_AND and LOGICAL_OR registrations: check the node against its parameters, then call the math. */
#include "logical.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_logical_params *p = node->params;
    return mg_check_binary(node, p->count, MG_BOOL, MG_BOOL);
}

MG_REGISTER_BINARY_ONE(logical_and, prepare, mg_logical_and_b);
MG_REGISTER_BINARY_ONE(logical_or, prepare, mg_logical_or_b);
