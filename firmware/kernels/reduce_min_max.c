/* REDUCE_MAX and REDUCE_MIN registrations: check the node against its parameters, then call the math. */
#include "reduce_min_max.h"

static mg_status prepare(mg_node *node)
{
    const mg_reduce_min_max_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, axes and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->input_count || mg_num_elements(output) != p->output_count ||
        input->type != output->type) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

/* An invoke choosing the int8 or float32 kernel by the input's type. */
#define REDUCE_INVOKE(name, kernel_s8, kernel_f32)                                                                     \
    static mg_status name(mg_node *node)                                                                               \
    {                                                                                                                  \
        const mg_tensor *input = mg_input(node, 0);                                                                    \
        if (input->type == MG_INT8) {                                                                                  \
            kernel_s8(node->params, input->data, mg_output(node, 0)->data);                                            \
        } else {                                                                                                       \
            kernel_f32(node->params, input->data, mg_output(node, 0)->data);                                           \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }

REDUCE_INVOKE(invoke_max, mg_reduce_max_s8, mg_reduce_max_f32)
REDUCE_INVOKE(invoke_min, mg_reduce_min_s8, mg_reduce_min_f32)

const mg_registration mg_register_reduce_max = {0, 0, prepare, invoke_max};
const mg_registration mg_register_reduce_min = {0, 0, prepare, invoke_min};
