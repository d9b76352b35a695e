/* FILL registration: checks the node against its parameters, then fills the output. */
#include "fill.h"

static mg_status prepare(mg_node *node)
{
    const mg_fill_params *p = node->params;
    const mg_tensor *value = mg_input(node, 1);
    if (!mg_input(node, 0) || !value || node->num_outputs != 1) {
        return mg_fail(node, "needs dims and value inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count || mg_num_elements(value) != 1) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (value->type != output->type) {
        return mg_fail(node, "value and output types differ");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_fill_generic(node->params, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_fill = {0, 0, prepare, invoke};
