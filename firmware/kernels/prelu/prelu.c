/* PRELU registration: checks the node against its parameters, then calls the math for its type. */
#include "prelu.h"

static mg_status prepare(mg_node *node)
{
    const mg_prelu_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || !mg_input(node, 1) || node->num_outputs != 1) {
        return mg_fail(node, "needs input and alpha and one output");
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
    const void *alpha = mg_input(node, 1)->data;
    const mg_tensor *output = mg_output(node, 0);
    switch (output->type) {
    case MG_FLOAT32: mg_prelu_f32(node->params, input, alpha, output->data); return MG_OK;
    case MG_INT8: mg_prelu_s8(node->params, input, alpha, output->data); return MG_OK;
    case MG_INT16: mg_prelu_s16(node->params, input, alpha, output->data); return MG_OK;
    default: return mg_fail(node, "supports float32, int8 and int16 only");
    }
}

const mg_registration mg_register_prelu = {0, 0, prepare, invoke};
