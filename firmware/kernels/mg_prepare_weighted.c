/* The prepare checks CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED share (declared in mg_requant.h). */
#include "mg_requant.h"

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
        const uint8_t *scales = mg_model_tensor_scales(node->inputs[1], scale_count);
        if (!scales) {
            return mg_fail(node, "weight scales differ from the generated plan");
        }
        node->user_data = (void *)scales;
    }
    return MG_OK;
}
