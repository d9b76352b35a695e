/* FULLY_CONNECTED (portable backend) registration: int8 only (fully_connected_s8_portable.c); the family's prepare
 * (mg_prepare_weighted.h) checks the shapes, the generated tables and the scratch. */
#include "fully_connected.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_portable_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    if (!p->weights || !p->folded) {
        return mg_fail(node, "the portable weights are missing from the generated plan");
    }
    return mg_prepare_weighted_backend(node, s->batches * s->accum_depth, s->output_depth * s->accum_depth,
                                       s->batches * s->output_depth, p->requant,
                                       mg_fully_connected_s8_portable_scratch_size(s->accum_depth));
}

static mg_status invoke(mg_node *node)
{
    mg_fully_connected_s8_portable(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_fully_connected_portable = {0, 0, prepare, invoke};
