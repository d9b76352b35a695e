/* GATHER registration: checks the node against its parameters, then copies the slices. */
#include "gather.h"

static mg_status prepare(mg_node *node)
{
    const mg_gather_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *positions = mg_input(node, 1);
    if (!input || !positions || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, positions and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->input_count || mg_num_elements(positions) != p->positions_count ||
        mg_num_elements(output) != p->output_count || input->type != output->type || positions->type != MG_INT32 ||
        (input->type != MG_INT8 && input->type != MG_FLOAT32)) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_gather_params *p = node->params;
    const void *input = mg_input(node, 0)->data;
    void *output = mg_output(node, 0)->data;
    /* the output inside the input (addresses compared as integers: they may be different objects) */
    if ((uintptr_t)output - (uintptr_t)input < (size_t)p->input_count * (size_t)p->element_size) {
        return MG_OK; /* a view: constant positions picked one run of the input, where the output already is */
    }
    if (mg_gather_generic(p, input, mg_input(node, 1)->data, output)) {
        return mg_fail(node, "gather position out of range");
    }
    return MG_OK;
}

const mg_registration mg_register_gather = {0, 0, prepare, invoke};
