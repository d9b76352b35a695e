/* The shared prepare of the element-wise and pooling kernels (see mg_elementwise.h), the checks TFLite Micro's
 * Prepare functions make on their tensors. The generator checked the node already: a failure here means the
 * plan and the model disagree, so one message serves. */
#include "mg_elementwise.h"

static __attribute__((noinline)) int32_t elements(const mg_tensor *t)
{
    return mg_num_elements(t);
}

mg_status mg_check_tensors(mg_node *node, int num_inputs, int32_t input_count, int32_t output_count, int flags)
{
    const mg_tensor *output = node->num_outputs == 1 ? mg_output(node, 0) : NULL;
    int ok = output && node->num_inputs >= num_inputs &&
             (output->type == MG_INT8 || (output->type == MG_FLOAT32 && !(flags & MG_ELEMENTWISE_INT8_ONLY)) ||
              (flags & MG_ELEMENTWISE_ANY_TYPE));
    for (int i = -1; ok && i < num_inputs; ++i) { /* the output, then each input */
        const mg_tensor *t = i < 0 ? output : mg_input(node, i);
        const int32_t count = i < 0 ? output_count : input_count;
        ok = t && t->type == output->type && (count < 0 || elements(t) == count);
    }
    return ok ? MG_OK : mg_fail(node, "tensors (counts, types) differ from the generated plan");
}

mg_status mg_check_elementwise(mg_node *node, int num_inputs, int flags)
{
    const int32_t count = *(const int32_t *)node->params; /* every such struct begins with its count */
    const int same_count = num_inputs == 1 || (flags & MG_ELEMENTWISE_SAME_COUNT);
    return mg_check_tensors(node, num_inputs, same_count ? count : -1, count, flags);
}

mg_status mg_check_binary(mg_node *node, int32_t count, int input_type, int output_type)
{
    const mg_tensor *input1 = mg_input(node, 0), *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (elements(output) != count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    const int types_ok = input2->type == input1->type && (input_type == MG_SAME_TYPE || input1->type == input_type) &&
                         output->type == (output_type == MG_SAME_TYPE ? input1->type : output_type);
    return types_ok ? MG_OK : mg_fail(node, "tensor types differ from the ones the op supports");
}
