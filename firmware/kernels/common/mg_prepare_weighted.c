/* The prepare CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED share across backends (mg_prepare_weighted.h). */
#include "mg_prepare_weighted.h"
#include "mg_tensor_scales.h"

/* One message for every mismatch of the node's tensors: the runtime's own, so the linker keeps one copy. */
#define MISMATCH "tensor types or shapes differ from the generated plan"

/* The node's input, weights and output against the generated element counts; int8 throughout when int8_only. */
static inline __attribute__((always_inline)) mg_status
check_node(mg_node *node, int32_t input_elements, int32_t weight_elements, int32_t output_elements, int int8_only)
{
    if (node->num_inputs < 2 || node->inputs[0] < 0 || node->inputs[1] < 0 || node->num_outputs != 1) {
        return mg_fail(node, MISMATCH);
    }
    const mg_tensor *tensors = mg_node_tensors(node);
    const mg_tensor *input = &tensors[node->inputs[0]];
    const mg_tensor *weights = &tensors[node->inputs[1]];
    const mg_tensor *output = &tensors[node->outputs[0]];
    if (mg_num_elements(input) != input_elements || mg_num_elements(weights) != weight_elements ||
        mg_num_elements(output) != output_elements ||
        (int8_only && (input->type != MG_INT8 || weights->type != MG_INT8 || output->type != MG_INT8))) {
        return mg_fail(node, MISMATCH);
    }
    return MG_OK;
}

mg_status mg_prepare_weighted_shapes(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                     int32_t output_elements)
{
    return check_node(node, input_elements, weight_elements, output_elements, 0);
}

mg_status mg_prepare_weighted_backend(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                      int32_t output_elements, const void *table, size_t scratch)
{
    if (check_node(node, input_elements, weight_elements, output_elements, 1)) {
        return MG_ERROR;
    }
    if (!table || (scratch && (!node->scratch || node->scratch_size < scratch))) {
        return mg_fail(node, "table or scratch missing from the generated plan");
    }
    return MG_OK;
}

mg_status mg_prepare_weighted(mg_node *node, int32_t output_depth, uint32_t scale_count, int int64_bias)
{
    const mg_tensor *tensors = mg_node_tensors(node);
    const mg_tensor *input = &tensors[node->inputs[0]]; /* present: mg_prepare_weighted_shapes checked */
    const mg_tensor *weights = &tensors[node->inputs[1]];
    const mg_tensor *bias = mg_input(node, 2);
    const mg_tensor *output = &tensors[node->outputs[0]];
    /* int8 activations with int8 weights, or int4 ones kept packed in flash (mg_int4.h) */
    int is_int8 =
        input->type == MG_INT8 && (weights->type == MG_INT8 || weights->type == MG_INT4) && output->type == MG_INT8;
    int is_16x8 = input->type == MG_INT16 && weights->type == MG_INT8 && output->type == MG_INT16;
    /* float32 activations with float32 weights, or float16 ones kept in flash (mg_half.h) */
    int is_float = input->type == MG_FLOAT32 && (weights->type == MG_FLOAT32 || weights->type == MG_FLOAT16) &&
                   output->type == MG_FLOAT32;
    if (!is_int8 && !is_16x8 && !is_float) {
        return mg_fail(node,
                       "supports int8 (int8 or int4 weights), int16 activations with int8 weights, and float32 only");
    }
    int bias_type = is_float ? MG_FLOAT32 : (is_16x8 && int64_bias ? MG_INT64 : MG_INT32);
    if (bias && (bias->type != bias_type || mg_num_elements(bias) != output_depth)) {
        return mg_fail(node, "bias type or size mismatch");
    }
    if (!is_float && scale_count) {
        /* invoke computes each channel's multiplier and shift from these scales (mg_requant.h) */
        const uint8_t *scales = mg_tensor_scales(node->inputs[1], scale_count);
        if (!scales) {
            return mg_fail(node, "weight scales differ from the generated plan");
        }
        node->user_data = (void *)scales;
    }
    return MG_OK;
}

mg_status mg_prepare_weighted_s16_backend(mg_node *node, const mg_weighted_s16_plan *plan)
{
    if (!plan->tables_ok || !node->scratch || node->scratch_size < plan->scratch) {
        return mg_fail(node, "table or scratch missing from the generated plan");
    }
    if (check_node(node, plan->input_elements, plan->weight_elements, plan->output_elements, 0)) {
        return MG_ERROR;
    }
    if (mg_input(node, 0)->type != MG_INT16) {
        return mg_fail(node, "supports int16 activations with int8 weights only");
    }
    return mg_prepare_weighted(node, plan->output_depth, plan->scale_count, plan->accumulator_64);
}
