/* CAST registration: checks the node against its parameters, then converts. */
#include "cast.h"

static mg_status prepare(mg_node *node)
{
    const mg_cast_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_inputs != 1 || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != p->input_type || output->type != p->output_type) {
        return mg_fail(node, "types differ from the generated plan");
    }
    return MG_OK;
}

/* A cast that changes no bit: the same type, or int32 and uint32 (the planner may make the output a view). */
static int is_word(int32_t type)
{
    return type == MG_INT32 || type == MG_UINT32;
}

static int same_bits(const mg_cast_params *p)
{
    return p->input_type == p->output_type || (is_word(p->input_type) && is_word(p->output_type));
}

static mg_status invoke(mg_node *node)
{
    const mg_cast_params *p = node->params;
    void *output = mg_output(node, 0)->data;
    if (output == mg_input(node, 0)->data && same_bits(p)) {
        return MG_OK; /* a view: the bytes are already the result */
    }
    if (mg_cast_generic(p, mg_input(node, 0)->data, output) != MG_OK) {
        return mg_fail(node, "type pair not supported");
    }
    return MG_OK;
}

const mg_registration mg_register_cast = {0, 0, prepare, invoke};
