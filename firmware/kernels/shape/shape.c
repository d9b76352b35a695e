/* SHAPE registration. */
#include "shape.h"

static mg_status prepare(mg_node *node)
{
    const mg_shape_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input and one output");
    }
    if (input->num_dims != p->num_dims || mg_num_elements(output) != p->num_dims) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (output->type != MG_INT32) {
        return mg_fail(node, "writes an int32 output only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_shape_s32(node->params, mg_input(node, 0)->dims, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_shape = {0, 0, prepare, invoke};
