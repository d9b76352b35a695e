/* FLOOR_MOD registration: checks the node against its parameters, then calls the math. */
#include "floor_mod.h"

static mg_status prepare(mg_node *node)
{
    const mg_floor_mod_params *p = node->params;
    const mg_tensor *input1 = mg_input(node, 0);
    const mg_tensor *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input1->type != MG_FLOAT32 || input2->type != MG_FLOAT32 || output->type != MG_FLOAT32) {
        return mg_fail(node, "supports float32 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input1 = mg_input(node, 0);
    mg_floor_mod_f32(node->params, input1->data, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_floor_mod = {0, 0, prepare, invoke};
