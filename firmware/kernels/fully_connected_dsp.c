/* FULLY_CONNECTED (dsp backend) registration: the family's prepare (mg_prepare_weighted.h), then the dsp
 * invoke. */
#include "fully_connected.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_fully_connected_dsp_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    return mg_prepare_weighted_backend(node, s->batches * s->accum_depth, s->output_depth * s->accum_depth,
                                       s->batches * s->output_depth, p->channels,
                                       mg_fully_connected_s8_dsp_scratch_size(s->accum_depth, s->output_depth));
}

static mg_status invoke(mg_node *node)
{
    /* node->scratch is NULL when the plan gives none (mg_fully_connected_s8_dsp_scratch_size 0) */
    mg_fully_connected_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,
                              node->scratch);
    return MG_OK;
}

const mg_registration mg_register_fully_connected_dsp = {0, 0, prepare, invoke};
