/* FULLY_CONNECTED registration: checks the node against its parameters, then calls the math. */
#include "fully_connected.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    if (mg_prepare_weighted_shapes(node, s->batches * s->accum_depth, s->output_depth * s->accum_depth,
                                   s->batches * s->output_depth)) {
        return MG_ERROR;
    }
    if (mg_input(node, 1)->type == MG_INT4 &&
        (!node->scratch || node->scratch_size < mg_fully_connected_s4_scratch_size(s->accum_depth))) {
        return mg_fail(node, "scratch missing from the generated plan");
    }
    return mg_prepare_weighted(node, s->output_depth, p->per_channel ? (uint32_t)s->output_depth : 0u,
                               p->accumulator_64);
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    const void *bias_data = bias ? bias->data : 0;
    if (weights->type == MG_INT4) {
        mg_fully_connected_s4(node->params, input->data, weights->data, node->user_data, bias_data, output->data,
                              node->scratch);
    } else if (input->type == MG_INT8) {
        mg_fully_connected_s8(node->params, input->data, weights->data, node->user_data, bias_data, output->data);
    } else if (input->type == MG_INT16) {
        mg_fully_connected_s16(node->params, input->data, weights->data, node->user_data, bias_data, output->data);
    } else if (weights->type == MG_FLOAT16) {
        mg_fully_connected_f16(node->params, input->data, weights->data, bias_data, output->data);
    } else {
        mg_fully_connected_f32(node->params, input->data, weights->data, bias_data, output->data);
    }
    return MG_OK;
}

const mg_registration mg_register_fully_connected = {0, 0, prepare, invoke};
