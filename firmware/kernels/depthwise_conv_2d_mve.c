/* DEPTHWISE_CONV_2D (mve backend) registration: the family's prepare (mg_prepare_weighted.h), then the mve
 * invoke. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_mve_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width;
    if (g->output_depth != g->input_depth || taps > MG_MVE_DW_MAX_TAPS || !p->weights) {
        return mg_fail(node, "shapes or weights differ from the generated plan");
    }
    const size_t scratch =
        mg_depthwise_conv_2d_s8_mve_scratch_size(g->input_depth, g->output_width, g->stride_width, p->fast);
    return mg_prepare_weighted_backend(node, mg_conv_input_elements(g), taps * g->output_depth,
                                       mg_conv_output_elements(g), p->table, scratch);
}

static mg_status invoke(mg_node *node)
{
    mg_depthwise_conv_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_mve = {0, 0, prepare, invoke};

#endif
