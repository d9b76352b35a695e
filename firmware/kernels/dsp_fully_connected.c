/* FULLY_CONNECTED (dsp backend) registration: checks the node against its parameters, then calls the math. */
#include "dsp_fully_connected.h"

size_t mg_fully_connected_dsp_scratch_size(const mg_fully_connected_dsp_params *p)
{
    return p->output_depth >= 8 ? (size_t)(p->accum_depth & ~7) * 2u : 0u;
}

static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_dsp_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !weights || node->num_outputs != 1) {
        return mg_fail(node, "needs input, weights and one output");
    }
    if (input->type != MG_INT8 || weights->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the dsp FULLY_CONNECTED takes int8 only");
    }
    if (mg_num_elements(input) != p->batches * p->accum_depth ||
        mg_num_elements(weights) != p->output_depth * p->accum_depth ||
        mg_num_elements(output) != p->batches * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (!p->channels || node->scratch_size < mg_fully_connected_dsp_scratch_size(p) ||
        (mg_fully_connected_dsp_scratch_size(p) && !node->scratch)) {
        return mg_fail(node, "channel table or scratch missing from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_fully_connected_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                              mg_output(node, 0)->data, mg_fully_connected_dsp_scratch_size(node->params) ? node->scratch : 0);
    return MG_OK;
}

const mg_registration mg_register_fully_connected_dsp = {0, 0, prepare, invoke};
