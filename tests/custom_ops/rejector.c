/* Refuses every node in prepare (see rejector.py). */
#include "mg_kernel.h"

static mg_status prepare(mg_node *node)
{
    return mg_fail(node, "Rejector wants a 4-D input");
}

static mg_status invoke(mg_node *node)
{
    (void)node;
    return MG_OK;
}

const mg_registration mg_register_rejector = {0, 0, prepare, invoke};
