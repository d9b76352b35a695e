/* QUANTIZE registration. */
#include "quantize.h"

static mg_status prepare(mg_node *node)
{
    const mg_quantize_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    int to_int8 = (input->type == MG_FLOAT32 || input->type == MG_INT8) && output->type == MG_INT8;
    if (!to_int8 && !(input->type == MG_INT8 && output->type == MG_UINT8)) {
        return mg_fail(node, "supports float32 or int8 to int8, and int8 to uint8 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (input->type == MG_FLOAT32) {
        mg_quantize_f32_s8(node->params, input->data, output->data);
    } else if (output->type == MG_UINT8) {
        mg_requantize_s8_u8(node->params, input->data, output->data);
    } else {
        mg_requantize_s8(node->params, input->data, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_quantize = {0, 0, prepare, invoke};
