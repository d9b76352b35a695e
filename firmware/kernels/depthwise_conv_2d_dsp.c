/* DEPTHWISE_CONV_2D (dsp backend) registration, one for the backend's int8 and 16x8 kernels (the resolver
 * holds one per op and backend, so nodes of both types in one model share it): the node's input type picks the
 * kernel's prepare (mg_prepare_weighted.h) and invoke. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

static mg_status prepare_s8(mg_node *node)
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

MG_WEIGHTED_S8_BACKEND_INVOKE(mg_depthwise_conv_2d_s8_dsp)
MG_CONV_S16_BACKEND_INVOKE(mg_depthwise_conv_2d_s16_dsp)

MG_WEIGHTED_S8_S16_REGISTRATION(mg_register_depthwise_conv_2d_dsp, prepare_s8, invoke_s8,
                                mg_depthwise_conv_2d_s16_dsp_prepare, invoke_s16);
