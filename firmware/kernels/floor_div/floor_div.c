/* FLOOR_DIV registration: checks the node against its parameters, then calls the math. */
#include "floor_div.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_floor_div_params *p = node->params;
    return mg_check_binary(node, p->count, MG_FLOAT32, MG_FLOAT32);
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input1 = mg_input(node, 0);
    if (mg_floor_div_f32(node->params, input1->data, mg_input(node, 1)->data, mg_output(node, 0)->data) != MG_OK) {
        return mg_fail(node, "Division by 0");
    }
    return MG_OK;
}

const mg_registration mg_register_floor_div = {0, 0, prepare, invoke};
