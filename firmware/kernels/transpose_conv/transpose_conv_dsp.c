/* TRANSPOSE_CONV (dsp backend) registration: the family's prepare (int8 only, the dsp scratch), then the dsp
 * invoke. */
#include "transpose_conv.h"

static mg_status prepare(mg_node *node)
{
    const mg_conv_geometry *g = &((const mg_transpose_conv_params *)node->params)->geometry;
    const mg_tensor *input = mg_input(node, MG_TRANSPOSE_CONV_INPUT);
    if (!input || input->type != MG_INT8 || !((const mg_transpose_conv_params *)node->params)->channels) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    return mg_transpose_conv_prepare(
        node, mg_transpose_conv_s8_dsp_scratch_size(
                  mg_conv_output_elements(g), g->output_depth * g->filter_height * g->filter_width, g->input_depth));
}

static mg_status invoke(mg_node *node)
{
    mg_transpose_conv_s8_dsp(node->params, mg_input(node, MG_TRANSPOSE_CONV_INPUT)->data,
                             mg_input(node, MG_TRANSPOSE_CONV_FILTER)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_transpose_conv_dsp = {0, 0, prepare, invoke};
