/* The element-wise kernels' shared prepare (see mg_elementwise.h), as TFLite Micro's element-wise ops check
 * their tensors in Prepare. */
#include "mg_elementwise.h"

mg_status mg_check_elementwise(mg_node *node, int num_inputs, int flags)
{
    const int32_t count = *(const int32_t *)node->params; /* every such struct begins with its count */
    if (node->num_inputs < num_inputs || node->num_outputs != 1) {
        return mg_fail(node, num_inputs == 1 ? "needs one input and one output" : "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    const int check_inputs = num_inputs == 1 || (flags & MG_ELEMENTWISE_SAME_COUNT);
    for (int i = 0; i < num_inputs; ++i) {
        const mg_tensor *input = mg_input(node, i);
        if (!input) {
            return mg_fail(node, "an input is missing");
        }
        if (check_inputs && mg_num_elements(input) != count) {
            return mg_fail(node, "shapes differ from the generated plan");
        }
        if (input->type != output->type) {
            return mg_fail(node, "inputs and output differ in type");
        }
    }
    if (mg_num_elements(output) != count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (output->type != MG_INT8 && ((flags & MG_ELEMENTWISE_INT8_ONLY) || output->type != MG_FLOAT32)) {
        return mg_fail(node, (flags & MG_ELEMENTWISE_INT8_ONLY) ? "this backend takes int8 only"
                                                                : "supports int8 and float32 only");
    }
    return MG_OK;
}
