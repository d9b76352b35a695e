/* FULLY_CONNECTED (mve backend) registration: checks the node against its parameters, then calls the math. */
#include "mve_fully_connected.h"

#if defined(__ARM_FEATURE_MVE)


static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_mve_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !weights || node->num_outputs != 1) {
        return mg_fail(node, "needs input, weights and one output");
    }
    if (input->type != MG_INT8 || weights->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the mve FULLY_CONNECTED takes int8 only");
    }
    if (mg_num_elements(input) != p->batches * p->accum_depth ||
        mg_num_elements(weights) != p->output_depth * p->accum_depth ||
        mg_num_elements(output) != p->batches * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (!p->table) {
        return mg_fail(node, "requantization table missing from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_fully_connected_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                              mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_fully_connected_mve = {0, 0, prepare, invoke};

#endif
