/* L2_NORMALIZATION registration: checks the node against its parameters, then calls the math for its type. */
#include "l2_normalization.h"

static mg_status prepare(mg_node *node)
{
    const mg_l2_normalization_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_inputs != 1 || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    const int32_t count = p->outer_size * p->depth;
    if (mg_num_elements(input) != count || mg_num_elements(output) != count || input->type != output->type) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_INT8) {
        mg_l2_normalization_s8(node->params, input->data, mg_output(node, 0)->data);
    } else {
        mg_l2_normalization_f32(node->params, input->data, mg_output(node, 0)->data);
    }
    return MG_OK;
}

const mg_registration mg_register_l2_normalization = {0, 0, prepare, invoke};
