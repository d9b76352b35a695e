/* DEPTHWISE_CONV_2D (dsp backend) registration: checks the node against its parameters, then calls the math. */
#include "dsp_depthwise_conv_2d.h"

size_t mg_depthwise_conv_2d_dsp_scratch_size(const mg_depthwise_conv_2d_dsp_params *p)
{
    /* the ring of cells, then three rotation tables */
    return (size_t)p->padded_width * MG_DSP_DW_BLOCK * 8u + 3u * MG_DSP_DW_BLOCK * MG_DSP_DW_ENTRY * 4u;
}

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_dsp_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *filter = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !filter || node->num_outputs != 1) {
        return mg_fail(node, "needs input, filter and one output");
    }
    if (input->type != MG_INT8 || filter->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the dsp DEPTHWISE_CONV_2D takes int8 only");
    }
    if (mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->depth ||
        mg_num_elements(filter) != 9 * p->depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (!p->channels || !node->scratch || node->scratch_size < mg_depthwise_conv_2d_dsp_scratch_size(p)) {
        return mg_fail(node, "channel table or scratch missing from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_depthwise_conv_2d_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                                mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_dsp = {0, 0, prepare, invoke};
