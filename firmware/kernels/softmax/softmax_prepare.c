/* SOFTMAX's prepare, shared by the reference and the backend registrations: the node's tensors (shapes, types)
 * against the generated parameters, and the tables each kernel reads (int16: the reference's exp table, the
 * backends' packed one instead; both the reciprocal table). */
#include "softmax.h"

static mg_status check(mg_node *node, const int32_t *int16_exp_table)
{
    const mg_softmax_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (input->num_dims < 1 || input->dims[input->num_dims - 1] != p->depth ||
        mg_num_elements(input) != p->outer_size * p->depth || mg_num_elements(output) != p->outer_size * p->depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    int ok = (input->type == MG_INT8 && (output->type == MG_INT8 || output->type == MG_INT16)) ||
             (input->type == MG_INT16 && output->type == MG_INT16 && int16_exp_table && p->reciprocal_lut) ||
             (input->type == MG_FLOAT32 && output->type == MG_FLOAT32);
    if (!ok) {
        return mg_fail(node, "supports int8 -> int8/int16, int16 (with its tables) and float32 only");
    }
    return MG_OK;
}

mg_status mg_softmax_prepare(mg_node *node)
{
    return check(node, ((const mg_softmax_params *)node->params)->exp_lut);
}

mg_status mg_softmax_backend_prepare(mg_node *node)
{
    const mg_softmax_params *p = node->params;
    if (check(node, p->backend_table) != MG_OK) {
        return MG_ERROR;
    }
    if (mg_input(node, 0)->type == MG_FLOAT32) {
        return mg_fail(node, "the backend kernels are integer only");
    }
    if (!p->backend_table || p->depth > MG_SOFTMAX_BACKEND_MAX_DEPTH) {
        return mg_fail(node, "table missing from the generated plan, or a depth over the backends' limit");
    }
    return MG_OK;
}
