/* ARG_MAX and ARG_MIN registrations: one prepare checks the node against its parameters; the invokes call the
 * math by input type. */
#include "arg_min_max.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_arg_min_max_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, an axis tensor and one output");
    }
    if (mg_num_elements(input) != p->outer_size * p->axis_size * p->inner_size ||
        mg_num_elements(output) != p->outer_size * p->inner_size) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if ((input->type != MG_INT8 && input->type != MG_FLOAT32) || output->type != MG_INT32) {
        return mg_fail(node, "supports int8 and float32 inputs with an int32 output only");
    }
    return MG_OK;
}

MG_REGISTER_UNARY(arg_max, prepare, mg_arg_max_s8, mg_arg_max_f32);
MG_REGISTER_UNARY(arg_min, prepare, mg_arg_min_s8, mg_arg_min_f32);
