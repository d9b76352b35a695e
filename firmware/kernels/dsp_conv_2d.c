/* CONV_2D (dsp backend) registration: checks the node against its parameters, then calls the math. */
#include "dsp_conv_2d.h"

size_t mg_conv_2d_dsp_scratch_size(const mg_conv_2d_dsp_params *p)
{
    size_t k8 = ((size_t)p->filter_height * p->filter_width * p->input_depth + 7u) & ~(size_t)7u;
    /* int16 columns, the row table (dsp_conv_2d_s8.c), an int8 staging column (with slack), the last filter row
     * padded to k8, the outputs of a partial group, the padded input copy */
    return k8 * 2u * MG_DSP_CONV_COLS + 36u * (size_t)p->output_depth + 2u * k8 + 4u +
           (size_t)MG_DSP_CONV_COLS * p->output_depth + (size_t)p->padded_height * p->padded_width * p->input_depth;
}

static mg_status prepare(mg_node *node)
{
    const mg_conv_2d_dsp_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *filter = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !filter || node->num_outputs != 1) {
        return mg_fail(node, "needs input, filter and one output");
    }
    if (input->type != MG_INT8 || filter->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the dsp CONV_2D takes int8 only");
    }
    if (mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->input_depth ||
        mg_num_elements(filter) != p->output_depth * p->filter_height * p->filter_width * p->input_depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (!p->channels || !node->scratch || node->scratch_size < mg_conv_2d_dsp_scratch_size(p)) {
        return mg_fail(node, "channel table or scratch missing from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_conv_2d_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,
                      node->scratch);
    return MG_OK;
}

const mg_registration mg_register_conv_2d_dsp = {0, 0, prepare, invoke};
