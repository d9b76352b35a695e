/* CONV_2D registration: checks the node against its parameters, then calls the math. */
#include "conv_2d.h"
#include "mg_prepare_weighted.h"

static mg_status prepare(mg_node *node)
{
    const mg_conv_2d_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const int32_t filter = g->output_depth * g->filter_height * g->filter_width * p->filter_input_depth;
    if (mg_prepare_weighted_shapes(node, mg_conv_input_elements(g), filter, mg_conv_output_elements(g))) {
        return MG_ERROR;
    }
    if (mg_input(node, 1)->type == MG_INT4 &&
        (!node->scratch ||
         node->scratch_size < mg_conv_2d_s4_scratch_size(g->filter_height, g->filter_width, p->filter_input_depth))) {
        return mg_fail(node, "scratch missing from the generated plan");
    }
    return mg_prepare_weighted(node, g->output_depth, p->per_channel ? (uint32_t)g->output_depth : 1u,
                               p->accumulator_64);
}

MG_CONV_REFERENCE_INVOKE(conv_2d)

const mg_registration mg_register_conv_2d = {0, 0, prepare, invoke};
