/* CONV_2D registration: checks the node against its parameters, then calls the math. */
#include "conv_2d.h"
#include "mg_requant.h"

static mg_status prepare(mg_node *node)
{
    const mg_conv_2d_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *filter = mg_input(node, 1);
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !filter || node->num_outputs != 1) {
        return mg_fail(node, "needs input, filter and one output");
    }
    if (mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->input_depth ||
        mg_num_elements(filter) != p->output_depth * p->filter_height * p->filter_width * p->filter_input_depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    int is_int8 = input->type == MG_INT8 && filter->type == MG_INT8 && output->type == MG_INT8;
    int is_float = input->type == MG_FLOAT32 && filter->type == MG_FLOAT32 && output->type == MG_FLOAT32;
    if (!is_int8 && !is_float) {
        return mg_fail(node, "supports int8 and float32 only");
    }
    if (bias && (bias->type != (is_int8 ? MG_INT32 : MG_FLOAT32) || mg_num_elements(bias) != p->output_depth)) {
        return mg_fail(node, "bias type or size mismatch");
    }
    if (is_int8) {
        /* The filter's scales in the model: invoke computes each channel's multiplier and shift from them. */
        uint32_t count = p->per_channel ? (uint32_t)p->output_depth : 1u;
        const uint8_t *scales = mg_model_tensor_scales(node->inputs[1], count);
        if (!scales) {
            return mg_fail(node, "filter scales differ from the generated plan");
        }
        node->user_data = (void *)scales;
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *filter = mg_input(node, 1);
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    const void *bias_data = bias ? bias->data : 0;
    if (input->type == MG_INT8) {
        mg_conv_2d_s8(node->params, input->data, filter->data, node->user_data, bias_data, output->data);
    } else {
        mg_conv_2d_f32(node->params, input->data, filter->data, bias_data, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_conv_2d = {0, 0, prepare, invoke};
