/* DEPTHWISE_CONV_2D (portable backend) registration: int8 only (depthwise_conv_2d_s8_portable.c); the family's
 * prepare (mg_prepare_weighted.h) checks the shapes and the generated tables. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_portable_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    if (!p->weights || !p->padding || !p->folded) {
        return mg_fail(node, "the portable weights are missing from the generated plan");
    }
    const size_t scratch = mg_depthwise_conv_2d_s8_portable_scratch_size(
        g->filter_height, g->filter_width, g->output_depth / g->input_depth, g->dilation_height, g->dilation_width,
        g->stride_height, g->stride_width, g->output_height, g->output_width);
    return mg_prepare_weighted_backend(node, mg_conv_input_elements(g),
                                       g->filter_height * g->filter_width * g->output_depth, mg_conv_output_elements(g),
                                       p->requant, scratch);
}

static mg_status invoke(mg_node *node)
{
    mg_depthwise_conv_2d_s8_portable(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_portable = {0, 0, prepare, invoke};
