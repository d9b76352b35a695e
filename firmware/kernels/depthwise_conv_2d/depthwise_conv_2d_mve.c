/* DEPTHWISE_CONV_2D (mve backend) registration, one for the backend's int8 and 16x8 kernels (the resolver
 * holds one per op and backend, so nodes of both types in one model share it): the node's input type picks the
 * kernel's prepare (mg_prepare_weighted.h) and invoke. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

/* The int8 kernels: a depth multiplier of 2 or more (output depth differs from input depth) goes to the
 * multiplier kernel, the rest (multiplier 1) to the channel-vector one, as the catalog claims them. */
static int is_multiplier_node(const mg_node *node)
{
    const mg_conv_geometry *g = node->params; /* both parameter blocks start with the geometry */
    return g->output_depth != g->input_depth;
}

static mg_status prepare_multiplier_s8(mg_node *node)
{
    const mg_depthwise_conv_2d_multiplier_dsp_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    if (p->depth_multiplier < 2 || g->output_depth != g->input_depth * p->depth_multiplier || p->block_pixels < 1 ||
        p->block_pixels > g->output_width || !p->weights) {
        return mg_fail(node, "shapes or weights differ from the generated plan");
    }
    return mg_prepare_weighted_backend(
        node, mg_conv_input_elements(g), g->filter_height * g->filter_width * g->output_depth,
        mg_conv_output_elements(g), p->channels,
        mg_depthwise_conv_2d_multiplier_s8_mve_scratch_size(g->filter_height, g->filter_width, p->block_pixels,
                                                            g->stride_width, g->dilation_width));
}

static mg_status prepare_s8(mg_node *node)
{
    if (is_multiplier_node(node)) {
        return prepare_multiplier_s8(node);
    }
    const mg_depthwise_conv_2d_mve_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width;
    if (taps > MG_MVE_DW_MAX_TAPS || !p->weights) {
        return mg_fail(node, "shapes or weights differ from the generated plan");
    }
    const size_t scratch =
        mg_depthwise_conv_2d_s8_mve_scratch_size(g->input_depth, g->output_width, g->stride_width, p->fast);
    /* int4 filters too: the kernel reads p->weights, the generator's int8 layout of the filter's values */
    return mg_prepare_weighted_backend_s4(node, mg_conv_input_elements(g), taps * g->output_depth,
                                          mg_conv_output_elements(g), p->table, scratch, scratch);
}

static mg_status invoke_s8(mg_node *node)
{
    if (is_multiplier_node(node)) {
        mg_depthwise_conv_2d_multiplier_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                                               mg_output(node, 0)->data, node->scratch);
    } else {
        mg_depthwise_conv_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    }
    return MG_OK;
}

MG_CONV_S16_BACKEND_INVOKE(mg_depthwise_conv_2d_s16_mve)

MG_WEIGHTED_S8_S16_REGISTRATION(mg_register_depthwise_conv_2d_mve, prepare_s8, invoke_s8,
                                mg_depthwise_conv_2d_s16_mve_prepare, invoke_s16);

#endif
