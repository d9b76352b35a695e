/* TRANSPOSE_CONV registration (TFLite Micro's transpose_conv.cc Eval): the family's prepare with the scratch of the
 * node's type, then the reference math of that type. */
#include "transpose_conv.h"

static mg_status prepare(mg_node *node)
{
    const mg_tensor *input = mg_input(node, MG_TRANSPOSE_CONV_INPUT);
    const int32_t outputs = mg_conv_output_elements(&((const mg_transpose_conv_params *)node->params)->geometry);
    size_t scratch = 0;
    if (input && input->type == MG_INT8) {
        scratch = mg_transpose_conv_s8_scratch_size(outputs);
    } else if (input && input->type == MG_INT16) {
        scratch = mg_transpose_conv_s16_scratch_size(outputs);
    }
    return mg_transpose_conv_prepare(node, scratch);
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, MG_TRANSPOSE_CONV_INPUT),
                    *filter = mg_input(node, MG_TRANSPOSE_CONV_FILTER), *bias = mg_input(node, MG_TRANSPOSE_CONV_BIAS);
    const mg_tensor *output = mg_output(node, 0);
    const void *bias_data = bias ? bias->data : 0;
    switch (input->type) {
    case MG_INT8:
        mg_transpose_conv_s8(node->params, (const int8_t *)input->data, (const int8_t *)filter->data, node->user_data,
                             bias_data, (int8_t *)output->data, node->scratch);
        break;
    case MG_INT16:
        mg_transpose_conv_s16(node->params, (const int16_t *)input->data, (const int8_t *)filter->data, node->user_data,
                              bias && bias->type == MG_INT64 ? bias_data : 0,
                              bias && bias->type == MG_INT16 ? bias_data : 0, (int16_t *)output->data, node->scratch);
        break;
    default:
        mg_transpose_conv_f32(node->params, (const float *)input->data, (const float *)filter->data, bias_data,
                              (float *)output->data);
        break;
    }
    return MG_OK;
}

const mg_registration mg_register_transpose_conv = {0, 0, prepare, invoke};
