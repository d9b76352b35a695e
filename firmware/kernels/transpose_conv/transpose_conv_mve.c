/* TRANSPOSE_CONV (mve backend) registration: the family's prepare (int8 only, the mve scratch), then the mve
 * invoke. */
#include "transpose_conv.h"

static mg_status prepare(mg_node *node)
{
    const mg_conv_geometry *g = &((const mg_transpose_conv_params *)node->params)->geometry;
    const mg_tensor *input = mg_input(node, MG_TRANSPOSE_CONV_INPUT);
    if (!input || input->type != MG_INT8) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    if (!((const mg_transpose_conv_params *)node->params)->phase_filters) {
        return mg_fail(node, "phase filters missing from the generated plan");
    }
    return mg_transpose_conv_prepare(
        node, mg_transpose_conv_s8_mve_scratch_size(g->filter_height, g->filter_width, g->stride_height,
                                                    g->stride_width, g->input_width, g->output_width, g->pad_width,
                                                    g->output_depth, g->input_depth));
}

static mg_status invoke(mg_node *node)
{
    mg_transpose_conv_s8_mve(node->params, mg_input(node, MG_TRANSPOSE_CONV_INPUT)->data, mg_output(node, 0)->data,
                             node->scratch);
    return MG_OK;
}

const mg_registration mg_register_transpose_conv_mve = {0, 0, prepare, invoke};
