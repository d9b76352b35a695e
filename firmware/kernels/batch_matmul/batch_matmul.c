/* BATCH_MATMUL registration (TFLite Micro's batch_matmul.cc Eval): the family's prepare, then the math of the
 * node's type. */
#include "batch_matmul.h"

static mg_status prepare(mg_node *node)
{
    return mg_batch_matmul_prepare(node, 0);
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
