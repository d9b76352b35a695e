/* MAX_POOL_2D (mve backend) registration: checks the node against its parameters, then calls the math. */
#include "mve_max_pool_2d.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    const mg_max_pool_2d_mve_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    if (input->num_dims != 4 || output->num_dims != 4 ||
        mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the mve MAX_POOL_2D takes int8 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_max_pool_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_max_pool_2d_mve = {0, 0, prepare, invoke};

#endif
