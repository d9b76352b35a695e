/* ZEROS_LIKE registration: checks the node against its parameters, then clears the output. */
#include "zeros_like.h"

static mg_status prepare(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_inputs != 1 || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (input->type != output->type || mg_num_elements(input) != mg_num_elements(output)) {
        return mg_fail(node, "the output differs from the input in type or size");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_zeros_like_generic(node->params, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_zeros_like = {0, 0, prepare, invoke};
