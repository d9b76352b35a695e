/* REVERSE_V2 registration: checks the node against its parameters, then copies. */
#include "reverse_v2.h"

static mg_status prepare(mg_node *node)
{
    const mg_reverse_v2_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || !mg_input(node, 1) || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, axes and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->count || mg_num_elements(output) != p->count || input->type != output->type) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_reverse_v2_generic(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_reverse_v2 = {0, 0, prepare, invoke};
