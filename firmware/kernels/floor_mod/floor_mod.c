/* FLOOR_MOD registration: checks the node against its parameters, then calls the math. */
#include "floor_mod.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_floor_mod_params *p = node->params;
    return mg_check_binary(node, p->count, MG_FLOAT32, MG_FLOAT32);
}

MG_REGISTER_BINARY_ONE(floor_mod, prepare, mg_floor_mod_f32);
