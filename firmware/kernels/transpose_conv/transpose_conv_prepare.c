/* The prepare every TRANSPOSE_CONV backend shares (TFLite Micro's transpose_conv.cc Prepare): the node's tensors
 * against the generated geometry, the types TFLite Micro runs (int8 with an int32 bias, int16x8 with an int64 or
 * int16 bias, float32), the integer kernels' scratch and the filter's scales in the model. */
#include "mg_tensor_scales.h"
#include "transpose_conv.h"

/* The bias type each input type takes (int16x8 also takes an int16 bias). */
static int bias_type_fits(int input_type, int bias_type)
{
    switch (input_type) {
    case MG_INT8: return bias_type == MG_INT32;
    case MG_INT16: return bias_type == MG_INT64 || bias_type == MG_INT16;
    default: return bias_type == MG_FLOAT32;
    }
}

mg_status mg_transpose_conv_prepare(mg_node *node, size_t scratch)
{
    const mg_transpose_conv_params *p = node->params;
    const mg_conv_geometry *g = &p->geometry;
    const mg_tensor *input = mg_input(node, MG_TRANSPOSE_CONV_INPUT),
                    *filter = mg_input(node, MG_TRANSPOSE_CONV_FILTER), *bias = mg_input(node, MG_TRANSPOSE_CONV_BIAS);
    if (node->num_inputs < 3 || !input || !filter || node->num_outputs != 1) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    const mg_tensor *output = mg_output(node, 0);
    const int32_t filter_elements = g->output_depth * g->filter_height * g->filter_width * g->input_depth;
    const int is_int = input->type == MG_INT8 || input->type == MG_INT16;
    const int types_fit = input->type == output->type &&
                          (is_int ? filter->type == MG_INT8 : filter->type == input->type) &&
                          (is_int || input->type == MG_FLOAT32);
    if (!types_fit || mg_num_elements(input) != mg_conv_input_elements(g) ||
        mg_num_elements(filter) != filter_elements || mg_num_elements(output) != mg_conv_output_elements(g)) {
        return mg_fail(node, "tensor types or shapes differ from the generated plan");
    }
    if (bias && (!bias_type_fits(input->type, bias->type) || mg_num_elements(bias) != g->output_depth)) {
        return mg_fail(node, "bias type or size mismatch");
    }
    if (!is_int) {
        return MG_OK;
    }
    if (scratch && (!node->scratch || node->scratch_size < scratch)) {
        return mg_fail(node, "table or scratch missing from the generated plan");
    }
    /* invoke computes each channel's multiplier and shift from these scales (mg_requant.h) */
    const uint8_t *scales =
        mg_tensor_scales(node->inputs[MG_TRANSPOSE_CONV_FILTER], p->per_channel ? (uint32_t)g->output_depth : 1u);
    if (!scales) {
        return mg_fail(node, "weight scales differ from the generated plan");
    }
    node->user_data = (void *)scales;
    return MG_OK;
}
