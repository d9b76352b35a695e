/* DIV registration: checks the node against its parameters, then calls the math for its type. */
#include "div.h"

static mg_status prepare(mg_node *node)
{
    const mg_div_params *p = node->params;
    const mg_tensor *input1 = mg_input(node, 0);
    const mg_tensor *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input1->type != output->type || input2->type != output->type) {
        return mg_fail(node, "input and output types differ");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const void *a = mg_input(node, 0)->data;
    const void *b = mg_input(node, 1)->data;
    const mg_tensor *output = mg_output(node, 0);
    switch (output->type) {
    case MG_FLOAT32: mg_div_f32(node->params, a, b, output->data); return MG_OK;
    case MG_INT32: mg_div_s32(node->params, a, b, output->data); return MG_OK;
    case MG_INT8: mg_div_s8(node->params, a, b, output->data); return MG_OK;
    default: return mg_fail(node, "supports float32, int32 and int8 only");
    }
}

const mg_registration mg_register_div = {0, 0, prepare, invoke};
