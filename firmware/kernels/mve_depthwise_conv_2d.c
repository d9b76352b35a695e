/* DEPTHWISE_CONV_2D (mve backend) registration: checks the node against its parameters, then calls the math. */
#include "mve_depthwise_conv_2d.h"

#if defined(__ARM_FEATURE_MVE)

size_t mg_depthwise_conv_2d_mve_scratch_size(const mg_depthwise_conv_2d_mve_params *p)
{
    if (p->fast) {
        return 4u * (size_t)((p->output_width - 1) * p->stride_width + 3) * p->input_depth;
    }
    return ((size_t)p->input_depth + 15u) & ~(size_t)15u;
}

static mg_status prepare(mg_node *node)
{
    const mg_depthwise_conv_2d_mve_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *filter = mg_input(node, 1);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || !filter || node->num_outputs != 1) {
        return mg_fail(node, "needs input, filter and one output");
    }
    if (input->type != MG_INT8 || filter->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the mve DEPTHWISE_CONV_2D takes int8 only");
    }
    if (p->output_depth != p->input_depth || p->filter_height * p->filter_width > MG_MVE_DW_MAX_TAPS ||
        mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->input_depth ||
        mg_num_elements(filter) != p->filter_height * p->filter_width * p->output_depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->output_depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (!p->weights || !p->table || !node->scratch ||
        node->scratch_size < mg_depthwise_conv_2d_mve_scratch_size(p)) {
        return mg_fail(node, "weights, requantization table or scratch missing from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_depthwise_conv_2d_s8_mve(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_mve = {0, 0, prepare, invoke};

#endif
