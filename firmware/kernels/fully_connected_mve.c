/* FULLY_CONNECTED (mve backend) registration: the family's prepare (mg_prepare_weighted.h), then the mve
 * invoke. */
#include "fully_connected.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_mve_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    return mg_prepare_weighted_backend(node, s->batches * s->accum_depth, s->output_depth * s->accum_depth,
                                       s->batches * s->output_depth, p->table, 0);
}

static mg_status invoke(mg_node *node)
{
    mg_fully_connected_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_fully_connected_mve = {0, 0, prepare, invoke};

#endif
