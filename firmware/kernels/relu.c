/* RELU and RELU6 registrations: check the node against its parameters, then call the math. */
#include "relu.h"

static mg_status prepare(mg_node *node)
{
    const mg_relu_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != output->type || (input->type != MG_INT8 && input->type != MG_FLOAT32)) {
        return mg_fail(node, "supports int8 and float32 only");
    }
    return MG_OK;
}

static mg_status invoke_relu(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_INT8) {
        mg_relu_s8(node->params, input->data, mg_output(node, 0)->data);
    } else {
        mg_relu_f32(node->params, input->data, mg_output(node, 0)->data);
    }
    return MG_OK;
}

static mg_status invoke_relu6(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_INT8) {
        mg_relu6_s8(node->params, input->data, mg_output(node, 0)->data);
    } else {
        mg_relu6_f32(node->params, input->data, mg_output(node, 0)->data);
    }
    return MG_OK;
}

const mg_registration mg_register_relu = {0, 0, prepare, invoke_relu};
const mg_registration mg_register_relu6 = {0, 0, prepare, invoke_relu6};
