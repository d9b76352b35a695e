/* SPLIT and SPLIT_V registrations: the same copy, the data tensor at a different input. */
#include "split.h"
#include "mg_copy.h"

static mg_status check(mg_node *node, int data_input)
{
    const mg_split_params *p = node->params;
    const mg_tensor *input = mg_input(node, data_input);
    if (!input || node->num_outputs != p->num_outputs) {
        return mg_fail(node, "input or output count differs from the generated plan");
    }
    if (!mg_copy_type_in(input->type, MG_COPY_TYPES_8_16_32_F)) {
        return mg_fail(node, "supports int8, int16, int32 and float32 only");
    }
    if (mg_num_elements(input) != p->outer_size * p->input_run) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    for (int i = 0; i < p->num_outputs; ++i) {
        const mg_tensor *output = mg_output(node, i);
        if (output->type != input->type || mg_num_elements(output) != p->outer_size * p->copy_sizes[i] ||
            p->offsets[i] < 0 || p->offsets[i] + p->copy_sizes[i] > p->input_run) {
            return mg_fail(node, "an output's type or shape differs from the generated plan");
        }
    }
    return MG_OK;
}

static void run(mg_node *node, int data_input)
{
    const mg_split_params *p = node->params;
    const mg_tensor *input = mg_input(node, data_input);
    const size_t elem_size = mg_copy_type_size(input->type);
    for (int32_t i = 0; i < p->num_outputs; ++i) {
        mg_split_copy(p, i, input->data, mg_output(node, i)->data, elem_size);
    }
}

static mg_status prepare_split(mg_node *node)
{
    return check(node, 1);
}
static mg_status prepare_split_v(mg_node *node)
{
    return check(node, 0);
}

static mg_status invoke_split(mg_node *node)
{
    run(node, 1);
    return MG_OK;
}

static mg_status invoke_split_v(mg_node *node)
{
    run(node, 0);
    return MG_OK;
}

const mg_registration mg_register_split = {0, 0, prepare_split, invoke_split};
const mg_registration mg_register_split_v = {0, 0, prepare_split_v, invoke_split_v};
