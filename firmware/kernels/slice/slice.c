/* SLICE registration: checks the node against its parameters, then copies. */
#include "slice.h"

static mg_status prepare(mg_node *node)
{
    const mg_slice_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_inputs != 3 || node->num_outputs != 1) {
        return mg_fail(node, "needs input, begin and size and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count || input->type != output->type) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_slice_params *p = node->params;
    const uint8_t *input = mg_input(node, 0)->data;
    void *output = mg_output(node, 0)->data;
    if (output != input + (size_t)p->start * (size_t)p->element_size) { /* else a view: nothing to copy */
        mg_slice_generic(p, input, output);
    }
    return MG_OK;
}

const mg_registration mg_register_slice = {0, 0, prepare, invoke};
