/* BATCH_MATMUL registration (TFLite Micro's batch_matmul.cc Prepare/Eval): two operands and the output of one
 * type (int8, int16 or float32) and the generated element counts, then the math of that type. */
#include "batch_matmul.h"

static mg_status prepare(mg_node *node)
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
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *lhs = mg_input(node, 0), *rhs = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    switch (lhs->type) {
    case MG_INT8:
        mg_batch_matmul_s8(node->params, (const int8_t *)lhs->data, (const int8_t *)rhs->data, (int8_t *)output->data);
        break;
    case MG_INT16:
        mg_batch_matmul_s16(node->params, (const int16_t *)lhs->data, (const int16_t *)rhs->data,
                            (int16_t *)output->data);
        break;
    default:
        mg_batch_matmul_f32(node->params, (const float *)lhs->data, (const float *)rhs->data, (float *)output->data);
        break;
    }
    return MG_OK;
}

const mg_registration mg_register_batch_matmul = {0, 0, prepare, invoke};
