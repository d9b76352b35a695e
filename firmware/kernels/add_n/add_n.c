/* ADD_N registration: checks the node against its parameters, gathers the input pointers, calls the math. */
#include "add_n.h"

static mg_status prepare(mg_node *node)
{
    const mg_add_n_params *p = node->params;
    if (node->num_inputs < 2 || node->num_inputs > MG_ADD_N_MAX_INPUTS || node->num_outputs != 1) {
        return mg_fail(node, "needs 2 to 16 inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    for (int i = 0; i < node->num_inputs; ++i) {
        const mg_tensor *input = mg_input(node, i);
        if (!input || input->type != output->type || mg_num_elements(input) != p->count) {
            return mg_fail(node, "inputs differ from the output in type or size");
        }
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const void *inputs[MG_ADD_N_MAX_INPUTS];
    for (int i = 0; i < node->num_inputs; ++i) {
        inputs[i] = mg_input(node, i)->data;
    }
    const mg_tensor *output = mg_output(node, 0);
    if (output->type == MG_INT8) {
        mg_add_n_s8(node->params, (const int8_t *const *)inputs, node->num_inputs, output->data);
    } else {
        mg_add_n_f32(node->params, (const float *const *)inputs, node->num_inputs, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_add_n = {0, 0, prepare, invoke};
