/* DEQUANTIZE registration. */
#include "dequantize.h"

static mg_status prepare(mg_node *node)
{
    const mg_dequantize_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != MG_INT8 || output->type != MG_FLOAT32) {
        return mg_fail(node, "supports int8 to float32 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_dequantize_s8_f32(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_dequantize = {0, 0, prepare, invoke};
