/* CONV_2D (mve backend) registration: checks the node against its parameters, then calls the math. */
#include "mve_conv_2d.h"

#if defined(__ARM_FEATURE_MVE)

size_t mg_conv_2d_mve_scratch_size(const mg_conv_2d_mve_params *p)
{
    const size_t taps = (size_t)p->filter_height * p->filter_width * p->input_depth;
    const size_t pairs = (size_t)MG_MVE_CONV_ROWS / 2u * 32u * ((taps + 15u) / 16u);
    if (p->filter_height == 1 && p->filter_width == 1) {
        return pairs;
    }
    return MG_MVE_CONV_ROWS * taps + pairs;
}

static mg_status prepare(mg_node *node)
{
    const mg_conv_2d_mve_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *filter = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !filter || node->num_outputs != 1) {
        return mg_fail(node, "needs input, filter and one output");
    }
    if (input->type != MG_INT8 || filter->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the mve CONV_2D takes int8 only");
    }
    if (mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->input_depth ||
        mg_num_elements(filter) != p->output_depth * p->filter_height * p->filter_width * p->input_depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    size_t scratch = mg_conv_2d_mve_scratch_size(p);
    if (!p->table || (scratch && (!node->scratch || node->scratch_size < scratch))) {
        return mg_fail(node, "requantization table or scratch missing from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_conv_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,
                      node->scratch);
    return MG_OK;
}

const mg_registration mg_register_conv_2d_mve = {0, 0, prepare, invoke};

#endif
