/* DEPTHWISE_CONV_2D registration: checks the node against its parameters, then calls the math. */
#include "depthwise_conv_2d.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t filter = g->filter_height * g->filter_width * g->output_depth;
    if (g->output_depth != g->input_depth * p->depth_multiplier ||
        mg_prepare_weighted_shapes(node, mg_conv_input_elements(g), filter, mg_conv_output_elements(g))) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (mg_input(node, 1)->type == MG_INT4 &&
        (!node->scratch ||
         node->scratch_size < mg_depthwise_conv_2d_s4_scratch_size(g->filter_height, g->filter_width))) {
        return mg_fail(node, "scratch missing from the generated plan");
    }
    return mg_prepare_weighted(node, g->output_depth, p->per_channel ? (uint32_t)g->output_depth : 1u, 1);
}

MG_CONV_REFERENCE_INVOKE(depthwise_conv_2d)

const mg_registration mg_register_depthwise_conv_2d = {0, 0, prepare, invoke};
