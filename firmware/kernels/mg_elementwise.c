/* The element-wise kernels' shared prepare (see mg_elementwise.h), as TFLite Micro's element-wise ops check
 * their tensors in Prepare. The generator checked the node already: a failure here means the plan and the model
 * disagree, so one message serves. */
#include "mg_elementwise.h"

mg_status mg_check_elementwise(mg_node *node, int num_inputs, int flags)
{
    const int32_t count = *(const int32_t *)node->params; /* every such struct begins with its count */
    const mg_tensor *output = node->num_outputs == 1 ? mg_output(node, 0) : NULL;
    const int check_inputs = num_inputs == 1 || (flags & MG_ELEMENTWISE_SAME_COUNT);
    int ok = output && node->num_inputs >= num_inputs && mg_num_elements(output) == count &&
             (output->type == MG_INT8 || (output->type == MG_FLOAT32 && !(flags & MG_ELEMENTWISE_INT8_ONLY)));
    for (int i = 0; ok && i < num_inputs; ++i) {
        const mg_tensor *input = mg_input(node, i);
        ok = input && input->type == output->type && (!check_inputs || mg_num_elements(input) == count);
    }
    return ok ? MG_OK : mg_fail(node, "tensors (count, types) differ from the generated plan");
}
