/* SOFTMAX registration (reference): the family's prepare (softmax_prepare.c), then the math of the node's types. */
#include "softmax.h"

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

const mg_registration mg_register_softmax = {0, 0, mg_softmax_prepare, invoke};
