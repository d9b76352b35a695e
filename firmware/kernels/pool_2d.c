/* The pooling family's prepare (TFLite Micro's PoolingPrepare checks), shared by every backend. */
#include "pool_2d.h"

/* The generator checked the node already: a failure here means the plan and the model disagree. */
static mg_status check(mg_node *node, int int8_only)
{
    const mg_pool_2d_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = node->num_outputs == 1 ? mg_output(node, 0) : NULL;
    const int ok = input && output && input->num_dims == 4 && output->num_dims == 4 &&
                   mg_num_elements(input) == p->batches * p->input_height * p->input_width * p->depth &&
                   mg_num_elements(output) == p->batches * p->output_height * p->output_width * p->depth &&
                   input->type == output->type &&
                   (input->type == MG_INT8 || (input->type == MG_FLOAT32 && !int8_only));
    return ok ? MG_OK : mg_fail(node, "tensors (shapes, types) differ from the generated plan");
}

mg_status mg_pool_2d_prepare(mg_node *node)
{
    return check(node, 0);
}

mg_status mg_pool_2d_prepare_s8(mg_node *node)
{
    return check(node, 1);
}
