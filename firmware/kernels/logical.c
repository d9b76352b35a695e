/* LOGICAL_AND and LOGICAL_OR registrations: check the node against its parameters, then call the math. */
#include "logical.h"

static mg_status prepare(mg_node *node)
{
    const mg_logical_params *p = node->params;
    const mg_tensor *input1 = mg_input(node, 0);
    const mg_tensor *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input1->type != MG_BOOL || input2->type != MG_BOOL || output->type != MG_BOOL) {
        return mg_fail(node, "supports bool only");
    }
    return MG_OK;
}

static mg_status invoke_and(mg_node *node)
{
    mg_logical_and_b(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

static mg_status invoke_or(mg_node *node)
{
    mg_logical_or_b(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_logical_and = {0, 0, prepare, invoke_and};
const mg_registration mg_register_logical_or = {0, 0, prepare, invoke_or};
