/* LEAKY_RELU registration: checks the node against its parameters, then calls the math. */
#include "leaky_relu.h"

static mg_status prepare(mg_node *node)
{
    const mg_leaky_relu_params *p = node->params;
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

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_INT8) {
        mg_leaky_relu_s8(node->params, input->data, mg_output(node, 0)->data);
    } else {
        mg_leaky_relu_f32(node->params, input->data, mg_output(node, 0)->data);
    }
    return MG_OK;
}

const mg_registration mg_register_leaky_relu = {0, 0, prepare, invoke};
