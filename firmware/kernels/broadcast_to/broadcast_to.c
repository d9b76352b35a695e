/* BROADCAST_TO registration: checks the node against its parameters, then copies. */
#include "broadcast_to.h"

static mg_status prepare(mg_node *node)
{
    const mg_broadcast_to_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || !mg_input(node, 1) || node->num_outputs != 1) {
        return mg_fail(node, "needs input and shape inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count || input->type != output->type) {
        return mg_fail(node, "the output differs from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const void *input = mg_input(node, 0)->data;
    void *output = mg_output(node, 0)->data;
    if (output != input) { /* else a view: the broadcast only adds axes of extent 1 */
        mg_broadcast_to_generic(node->params, input, output);
    }
    return MG_OK;
}

const mg_registration mg_register_broadcast_to = {0, 0, prepare, invoke};
