/* DEPTHWISE_CONV_2D (dsp backend) registration: the family's prepare (mg_prepare_weighted.h), then the dsp
 * invoke. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_dsp_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    if (g->output_depth != g->input_depth || g->filter_height != 3 || g->filter_width != 3) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return mg_prepare_weighted_backend(node, mg_conv_input_elements(g), 9 * g->output_depth, mg_conv_output_elements(g),
                                       p->channels,
                                       mg_depthwise_conv_2d_s8_dsp_scratch_size(g->output_width, g->stride_width));
}

static mg_status invoke(mg_node *node)
{
    mg_depthwise_conv_2d_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                                mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_dsp = {0, 0, prepare, invoke};
