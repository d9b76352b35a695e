/* DEQUANTIZE registration (TFLite Micro's dequantize.cc): checks the node against its parameters, then calls the
 * conversion for its input type. */
#include "dequantize.h"

static mg_status prepare(mg_node *node)
{
    const mg_dequantize_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if ((input->type != MG_INT8 && input->type != MG_INT16 && input->type != MG_UINT8) || output->type != MG_FLOAT32) {
        return mg_fail(node, "supports int8, int16 or uint8 to float32 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    float *output = mg_output(node, 0)->data;
    switch (input->type) {
    case MG_INT8: mg_dequantize_s8_f32(node->params, input->data, output); return MG_OK;
    case MG_INT16: mg_dequantize_s16_f32(node->params, input->data, output); return MG_OK;
    default: mg_dequantize_u8_f32(node->params, input->data, output); return MG_OK;
    }
}

const mg_registration mg_register_dequantize = {0, 0, prepare, invoke};
