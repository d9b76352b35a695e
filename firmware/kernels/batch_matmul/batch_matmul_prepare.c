/* The prepare every BATCH_MATMUL backend shares (TFLite Micro's batch_matmul.cc Prepare): two operands and the
 * output of one type (int8, int16 or float32), the generated element counts, and the backend's scratch. */
#include "batch_matmul.h"

mg_status mg_batch_matmul_prepare(mg_node *node, size_t scratch)
{
    const mg_batch_matmul_params *p = node->params;
    const mg_tensor *lhs = mg_input(node, 0), *rhs = mg_input(node, 1);
    if (node->num_inputs != 2 || !lhs || !rhs || node->num_outputs != 1) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    const mg_tensor *output = mg_output(node, 0);
    int32_t outputs = p->rows * p->cols;
    for (int i = 0; i < MG_BATCH_MATMUL_BATCH_DIMS; ++i) {
        outputs *= p->batches[i];
    }
    const int type_fits = lhs->type == rhs->type && lhs->type == output->type &&
                          (lhs->type == MG_INT8 || lhs->type == MG_INT16 || lhs->type == MG_FLOAT32);
    if (!type_fits || mg_num_elements(lhs) != p->lhs_elements || mg_num_elements(rhs) != p->rhs_elements ||
        mg_num_elements(output) != outputs) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    if (scratch && (!node->scratch || node->scratch_size < scratch)) {
        return mg_fail(node, "table or scratch missing from the generated plan");
    }
    return MG_OK;
}
