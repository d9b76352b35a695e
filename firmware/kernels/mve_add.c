/* ADD (mve backend) registration: checks the node against its parameters, then calls the math. */
#include "mve_add.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    const mg_add_mve_params *p = node->params;
    const mg_tensor *input1 = mg_input(node, 0);
    const mg_tensor *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count || mg_num_elements(input1) != p->count ||
        mg_num_elements(input2) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input1->type != MG_INT8 || input2->type != MG_INT8 || output->type != MG_INT8) {
        return mg_fail(node, "the mve ADD takes int8 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_add_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_add_mve = {0, 0, prepare, invoke};

#endif
