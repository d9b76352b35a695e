/* SELECT_V2 registration: checks the node against its parameters, then calls the math for its type. */
#include "select_v2.h"

static mg_status prepare(mg_node *node)
{
    const mg_select_v2_params *p = node->params;
    const mg_tensor *condition = mg_input(node, 0);
    const mg_tensor *x = mg_input(node, 1);
    const mg_tensor *y = mg_input(node, 2);
    if (!condition || !x || !y || node->num_outputs != 1) {
        return mg_fail(node, "needs three inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (condition->type != MG_BOOL || x->type != output->type || y->type != output->type) {
        return mg_fail(node, "needs a bool condition and x, y and output of one type");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const uint8_t *condition = mg_input(node, 0)->data;
    const void *x = mg_input(node, 1)->data;
    const void *y = mg_input(node, 2)->data;
    const mg_tensor *output = mg_output(node, 0);
    switch (output->type) {
    case MG_FLOAT32: mg_select_v2_f32(node->params, condition, x, y, output->data); return MG_OK;
    case MG_INT8: mg_select_v2_s8(node->params, condition, x, y, output->data); return MG_OK;
    case MG_INT16: mg_select_v2_s16(node->params, condition, x, y, output->data); return MG_OK;
    default: return mg_fail(node, "supports float32, int8 and int16 only");
    }
}

const mg_registration mg_register_select_v2 = {0, 0, prepare, invoke};
