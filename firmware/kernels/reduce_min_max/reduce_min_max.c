/* REDUCE_MAX, REDUCE_MIN and REDUCE_ALL registrations: check the node against its parameters, then call the
 * math. */
#include "reduce_min_max.h"
#include "mg_elementwise.h"

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

static mg_status prepare_all(mg_node *node)
{
    if (prepare(node)) {
        return MG_ERROR;
    }
    return mg_input(node, 0)->type == MG_BOOL ? MG_OK : mg_fail(node, "REDUCE_ALL takes bools only");
}

MG_REGISTER_UNARY(reduce_max, prepare, mg_reduce_max_s8, mg_reduce_max_f32);
MG_REGISTER_UNARY(reduce_min, prepare, mg_reduce_min_s8, mg_reduce_min_f32);
MG_REGISTER_UNARY_ONE(reduce_all, prepare_all, mg_reduce_all_b);
