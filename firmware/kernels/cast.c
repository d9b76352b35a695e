/* CAST registration: checks the node against its parameters, then converts. */
#include "cast.h"

static mg_status prepare(mg_node *node)
{
    const mg_cast_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_inputs != 1 || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != p->input_type || output->type != p->output_type) {
        return mg_fail(node, "types differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    if (mg_cast_generic(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data) != MG_OK) {
        return mg_fail(node, "type pair not supported");
    }
    return MG_OK;
}

const mg_registration mg_register_cast = {0, 0, prepare, invoke};
