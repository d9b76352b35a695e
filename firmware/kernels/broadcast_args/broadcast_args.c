/* BROADCAST_ARGS registration: checks the node against its parameters, then computes the shape. */
#include "broadcast_args.h"

static mg_status prepare(mg_node *node)
{
    const mg_broadcast_args_params *p = node->params;
    const mg_tensor *shape1 = mg_input(node, 0);
    const mg_tensor *shape2 = mg_input(node, 1);
    if (!shape1 || !shape2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two shape inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(shape1) != p->count1 || mg_num_elements(shape2) != p->count2 ||
        mg_num_elements(output) != p->output_count || shape1->type != output->type || shape2->type != output->type) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const void *shape1 = mg_input(node, 0)->data;
    const void *shape2 = mg_input(node, 1)->data;
    const mg_tensor *output = mg_output(node, 0);
    const mg_status status =
        mg_broadcast_args_generic(node->params, shape1, shape2, output->data, output->type == MG_INT64);
    return status == MG_OK ? MG_OK : mg_fail(node, "the shapes cannot be broadcast together");
}

const mg_registration mg_register_broadcast_args = {0, 0, prepare, invoke};
