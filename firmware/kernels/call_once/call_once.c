/* CALL_ONCE registration (TFLite Micro's call_once.cc). */
#include "call_once.h"

/* The node's user_data marks that the init subgraph has run: the one bit of state this kernel keeps. */
static mg_status invoke(mg_node *node)
{
    const mg_call_once_params *p = node->params;
    if (node->user_data) {
        return MG_OK;
    }
    if (mg_invoke_subgraph(p->init_subgraph) != MG_OK) {
        return MG_ERROR; /* the failing node of the init subgraph set the reason */
    }
    node->user_data = node;
    return MG_OK;
}

const mg_registration mg_register_call_once = {0, 0, 0, invoke};
