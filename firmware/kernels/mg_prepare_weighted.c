/* The prepare CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED share across backends (mg_prepare_weighted.h). */
#include "mg_prepare_weighted.h"
#include "mg_tensor_scales.h"

static mg_status check_shapes(mg_node *node, int32_t input_elements, int32_t weight_elements, int32_t output_elements)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    if (!input || !weights || node->num_outputs != 1) {
        return mg_fail(node, "needs input, weights and one output");
    }
    if (mg_num_elements(input) != input_elements || mg_num_elements(weights) != weight_elements ||
        mg_num_elements(mg_output(node, 0)) != output_elements) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return MG_OK;
}

mg_status mg_prepare_conv_shapes(mg_node *node, const mg_conv_geometry *g, int32_t filter_elements)
{
    return check_shapes(node, g->batches * g->input_height * g->input_width * g->input_depth, filter_elements,
                        g->batches * g->output_height * g->output_width * g->output_depth);
}

mg_status mg_prepare_fully_connected_shapes(mg_node *node, int32_t batches, int32_t accum_depth,
                                            int32_t output_depth)
{
    return check_shapes(node, batches * accum_depth, output_depth * accum_depth, batches * output_depth);
}

mg_status mg_prepare_weighted(mg_node *node, int32_t output_depth, uint32_t scale_count)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *weights = mg_input(node, 1);
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    int is_int8 = input->type == MG_INT8 && weights->type == MG_INT8 && output->type == MG_INT8;
    int is_float = input->type == MG_FLOAT32 && weights->type == MG_FLOAT32 && output->type == MG_FLOAT32;
    if (!is_int8 && !is_float) {
        return mg_fail(node, "supports int8 and float32 only");
    }
    if (bias && (bias->type != (is_int8 ? MG_INT32 : MG_FLOAT32) || mg_num_elements(bias) != output_depth)) {
        return mg_fail(node, "bias type or size mismatch");
    }
    if (is_int8 && scale_count) {
        /* invoke computes each channel's multiplier and shift from these scales (mg_requant.h) */
        const uint8_t *scales = mg_tensor_scales(node->inputs[1], scale_count);
        if (!scales) {
            return mg_fail(node, "weight scales differ from the generated plan");
        }
        node->user_data = (void *)scales;
    }
    return MG_OK;
}

mg_status mg_prepare_weighted_backend(mg_node *node, const void *table, size_t scratch)
{
    if (mg_input(node, 0)->type != MG_INT8 || mg_input(node, 1)->type != MG_INT8 ||
        mg_output(node, 0)->type != MG_INT8) {
        return mg_fail(node, "this backend's kernel takes int8 only");
    }
    if (!table || (scratch && (!node->scratch || node->scratch_size < scratch))) {
        return mg_fail(node, "table or scratch missing from the generated plan");
    }
    return MG_OK;
}
