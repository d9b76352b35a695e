/* The pooling family's prepare (TFLite Micro's PoolingPrepare checks), shared by every backend. */
#include "pool_2d.h"

static mg_status check(mg_node *node, int int8_only)
{
    const mg_pool_2d_params *p = node->params;
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
    if (input->type != output->type || (input->type != MG_INT8 && (int8_only || input->type != MG_FLOAT32))) {
        return mg_fail(node, int8_only ? "this backend takes int8 only" : "supports int8 and float32 only");
    }
    return MG_OK;
}

mg_status mg_pool_2d_prepare(mg_node *node)
{
    return check(node, 0);
}

mg_status mg_pool_2d_prepare_s8(mg_node *node)
{
    return check(node, 1);
}
