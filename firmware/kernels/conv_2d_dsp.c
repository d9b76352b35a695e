/* CONV_2D (dsp backend) registration: the family's prepare (mg_prepare_weighted.h), then the dsp invoke. */
#include "conv_2d.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_conv_2d_dsp_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth;
    const size_t scratch = mg_conv_2d_s8_dsp_scratch_size(
        g->filter_height, g->filter_width, g->input_depth, g->dilation_width, g->output_depth,
        p->padded_height * p->padded_width * g->input_depth, g->output_height * g->output_width);
    return mg_prepare_weighted_backend(node, mg_conv_input_elements(g), g->output_depth * taps,
                                       mg_conv_output_elements(g), p->channels, scratch);
}

static mg_status invoke(mg_node *node)
{
    mg_conv_2d_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,
                      node->scratch);
    return MG_OK;
}

const mg_registration mg_register_conv_2d_dsp = {0, 0, prepare, invoke};
