/* GATHER_ND registration: checks the node against its parameters, then copies the slices. */
#include "gather_nd.h"

static mg_status prepare(mg_node *node)
{
    const mg_gather_nd_params *p = node->params;
    const mg_tensor *params = mg_input(node, 0);
    const mg_tensor *indices = mg_input(node, 1);
    if (!params || !indices || node->num_outputs != 1) {
        return mg_fail(node, "needs params, indices and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(params) != p->params_count || mg_num_elements(indices) != p->slices * p->index_depth ||
        mg_num_elements(output) != p->slices * p->slice_size || params->type != output->type ||
        indices->type != MG_INT32 || (params->type != MG_INT8 && params->type != MG_FLOAT32)) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    if (mg_gather_nd_generic(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                             mg_output(node, 0)->data)) {
        return mg_fail(node, "gather_nd index out of bounds");
    }
    return MG_OK;
}

const mg_registration mg_register_gather_nd = {0, 0, prepare, invoke};
