/* FULLY_CONNECTED registration: checks the node against its parameters, then calls the math. */
#include "fully_connected.h"
#include "mg_requant.h"

static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !weights || node->num_outputs != 1) {
        return mg_fail(node, "needs input, weights and one output");
    }
    if (mg_num_elements(input) != p->batches * p->accum_depth ||
        mg_num_elements(weights) != p->output_depth * p->accum_depth ||
        mg_num_elements(output) != p->batches * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    int is_int8 = input->type == MG_INT8 && weights->type == MG_INT8 && output->type == MG_INT8;
    int is_float = input->type == MG_FLOAT32 && weights->type == MG_FLOAT32 && output->type == MG_FLOAT32;
    if (!is_int8 && !is_float) {
        return mg_fail(node, "supports int8 and float32 only");
    }
    if (bias && (bias->type != (is_int8 ? MG_INT32 : MG_FLOAT32) || mg_num_elements(bias) != p->output_depth)) {
        return mg_fail(node, "bias type or size mismatch");
    }
    if (is_int8 && p->per_channel) {
        /* The weights' scales in the model: invoke computes each channel's multiplier and shift from them. */
        const uint8_t *scales = mg_model_tensor_scales(node->inputs[1], (uint32_t)p->output_depth);
        if (!scales) {
            return mg_fail(node, "weight scales differ from the generated plan");
        }
        node->user_data = (void *)scales;
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    const void *bias_data = bias ? bias->data : 0;
    if (input->type == MG_INT8) {
        mg_fully_connected_s8(node->params, input->data, weights->data, node->user_data, bias_data, output->data);
    } else {
        mg_fully_connected_f32(node->params, input->data, weights->data, bias_data, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_fully_connected = {0, 0, prepare, invoke};
