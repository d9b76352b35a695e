/* MAX_POOL_2D registration: checks the node against its parameters, then calls the math. */
#include "max_pool_2d.h"

static mg_status prepare(mg_node *node)
{
    const mg_max_pool_2d_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    if (input->num_dims != 4 || output->num_dims != 4 ||
        mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->depth) {
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
    const mg_tensor *output = mg_output(node, 0);
    if (input->type == MG_INT8) {
        mg_max_pool_2d_s8(node->params, input->data, output->data);
    } else {
        mg_max_pool_2d_f32(node->params, input->data, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_max_pool_2d = {0, 0, prepare, invoke};
