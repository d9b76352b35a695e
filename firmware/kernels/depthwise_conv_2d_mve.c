/* DEPTHWISE_CONV_2D (mve backend) registration: the family's prepare (mg_prepare_weighted.h), then the mve
 * invoke. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_mve_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    if (g->output_depth != g->input_depth || g->filter_height * g->filter_width > MG_MVE_DW_MAX_TAPS || !p->weights) {
        return mg_fail(node, "shapes or weights differ from the generated plan");
    }
    if (mg_prepare_conv_shapes(node, g, g->filter_height * g->filter_width * g->output_depth)) {
        return MG_ERROR;
    }
    return mg_prepare_weighted_backend(node, p->table,
                                       mg_depthwise_conv_2d_s8_mve_scratch_size(g->input_depth, g->output_width,
                                                                                g->stride_width, p->fast));
}

static mg_status invoke(mg_node *node)
{
    mg_depthwise_conv_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_mve = {0, 0, prepare, invoke};

#endif
