/* DYNAMIC_UPDATE_SLICE registration: checks the node against its parameters, then copies. */
#include "dynamic_update_slice.h"

static mg_status prepare(mg_node *node)
{
    const mg_dynamic_update_slice_params *p = node->params;
    const mg_tensor *operand = mg_input(node, 0);
    const mg_tensor *update = mg_input(node, 1);
    const mg_tensor *indices = mg_input(node, 2);
    if (!operand || !update || !indices || node->num_outputs != 1) {
        return mg_fail(node, "needs operand, update, start indices and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(operand) != p->operand_count || mg_num_elements(output) != p->operand_count ||
        mg_num_elements(update) != p->update_count || mg_num_elements(indices) != p->rank ||
        operand->type != update->type || operand->type != output->type ||
        (indices->type != MG_INT32 && indices->type != MG_INT64)) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *indices = mg_input(node, 2);
    mg_dynamic_update_slice_generic(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, indices->data,
                                    indices->type == MG_INT64, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_dynamic_update_slice = {0, 0, prepare, invoke};
