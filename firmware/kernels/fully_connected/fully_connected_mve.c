/* FULLY_CONNECTED (mve backend) registration, one for the backend's int8 and 16x8 kernels (the resolver holds one
 * per op and backend, so nodes of both types in one model share it): the node's input type picks the kernel's
 * prepare (mg_prepare_weighted.h) and invoke. */
#include "fully_connected.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare_s8(mg_node *node)
{
    const mg_fully_connected_mve_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    const int32_t weights = s->output_depth * s->accum_depth;
    if (mg_input(node, 1)->type == MG_INT4 && !p->weights) {
        return mg_fail(node, "int4 row pairs missing from the generated plan");
    }
    return mg_prepare_weighted_backend_s4(node, s->batches * s->accum_depth, weights, s->batches * s->output_depth,
                                          p->table, 0, 0);
}

static mg_status invoke_s8(mg_node *node)
{
    const mg_tensor *weights = mg_input(node, 1);
    if (weights->type == MG_INT4) {
        mg_fully_connected_s4_mve(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    } else {
        mg_fully_connected_s8_mve(node->params, mg_input(node, 0)->data, weights->data, mg_output(node, 0)->data);
    }
    return MG_OK;
}

MG_FULLY_CONNECTED_S16_BACKEND_INVOKE(mg_fully_connected_s16_mve)

MG_WEIGHTED_S8_S16_REGISTRATION(mg_register_fully_connected_mve, prepare_s8, invoke_s8,
                                mg_fully_connected_s16_mve_prepare, invoke_s16);

#endif
