/* CONV_2D (dsp backend) registration, one for the backend's int8 and 16x8 kernels (the resolver holds one per op
 * and backend, so nodes of both types in one model share it): the node's input type picks the kernel's prepare
 * (mg_prepare_weighted.h) and invoke. */
#include "conv_2d.h"
#include "mg_prepare_weighted.h"

/* Only for int4 weights: a firmware without them has no mg_conv_2d_s4_dsp_scratch_size (generator/emit/pruning.py). */
static size_t int4_scratch(mg_node *node, int32_t filter_elements, size_t int8_scratch)
{
    return mg_input(node, 1)->type == MG_INT4 ? mg_conv_2d_s4_dsp_scratch_size(filter_elements, (int32_t)int8_scratch)
                                              : 0;
}

static mg_status prepare_s8(mg_node *node)
{
    const mg_conv_2d_dsp_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth;
    const size_t scratch =
        p->direct != NULL
            ? mg_conv_2d_direct_s8_dsp_scratch_size(g->filter_height, g->filter_width)
            : mg_conv_2d_s8_dsp_scratch_size(g->filter_height, g->filter_width, g->input_depth, g->dilation_width,
                                             g->output_depth, p->padded_height * p->padded_width * g->input_depth,
                                             g->output_height * g->output_width, mg_conv_2d_dsp_pointwise(g));
    return mg_prepare_weighted_backend_s4(node, mg_conv_input_elements(g), g->output_depth * taps,
                                          mg_conv_output_elements(g), p->channels, scratch,
                                          int4_scratch(node, g->output_depth * taps, scratch));
}

MG_WEIGHTED_S8_S4_BACKEND_INVOKE(mg_conv_2d_s8_dsp, mg_conv_2d_s4_dsp)
MG_CONV_S16_BACKEND_INVOKE(mg_conv_2d_s16_dsp)

MG_WEIGHTED_S8_S16_REGISTRATION(mg_register_conv_2d_dsp, prepare_s8, invoke_s8, mg_conv_2d_s16_dsp_prepare, invoke_s16);
