/* SOFTMAX registration: checks the node against its parameters, then calls the math. */
#include "softmax.h"

static mg_status prepare(mg_node *node)
{
    const mg_softmax_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (input->num_dims < 1 || input->dims[input->num_dims - 1] != p->depth ||
        mg_num_elements(input) != p->outer_size * p->depth || mg_num_elements(output) != p->outer_size * p->depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    int ok = (input->type == MG_INT8 && (output->type == MG_INT8 || output->type == MG_INT16)) ||
             (input->type == MG_INT16 && output->type == MG_INT16 && p->exp_lut && p->reciprocal_lut) ||
             (input->type == MG_FLOAT32 && output->type == MG_FLOAT32);
    if (!ok) {
        return mg_fail(node, "supports int8 -> int8/int16, int16 (with its tables) and float32 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (input->type == MG_FLOAT32) {
        mg_softmax_f32(node->params, input->data, output->data);
    } else if (input->type == MG_INT16) {
        mg_softmax_s16(node->params, input->data, output->data);
    } else if (output->type == MG_INT16) {
        mg_softmax_s8_s16(node->params, input->data, output->data);
    } else {
        mg_softmax_s8(node->params, input->data, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_softmax = {0, 0, prepare, invoke};
