/* CONV_2D (mve backend) registration: the family's prepare (mg_prepare_weighted.h), then the mve invoke. */
#include "conv_2d.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    const mg_conv_2d_mve_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth;
    const size_t scratch = mg_conv_2d_s8_mve_scratch_size(g->filter_height, g->filter_width, g->input_depth);
    return mg_prepare_weighted_backend(node, mg_conv_input_elements(g), g->output_depth * taps,
                                       mg_conv_output_elements(g), p->table, scratch);
}

static mg_status invoke(mg_node *node)
{
    mg_conv_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,
                      node->scratch);
    return MG_OK;
}

const mg_registration mg_register_conv_2d_mve = {0, 0, prepare, invoke};

#endif
