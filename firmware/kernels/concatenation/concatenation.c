/* CONCATENATION registration: checks the node against its parameters, then copies. */
#include "concatenation.h"

#define MG_CONCATENATION_MAX_INPUTS 10 /* TFLite Micro's kMaxInputNum */

static size_t element_size(uint8_t type)
{
    switch (type) {
    case MG_INT8:
    case MG_BOOL: return 1;
    case MG_INT16: return 2;
    case MG_FLOAT32:
    case MG_INT32: return 4;
    case MG_INT64: return 8;
    default: return 0;
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_concatenation_params *p = node->params;
    const mg_tensor *output = mg_output(node, 0);
    if (node->num_outputs != 1 || node->num_inputs != p->num_inputs || p->num_inputs > MG_CONCATENATION_MAX_INPUTS) {
        return mg_fail(node, "input count differs from the generated plan");
    }
    if (element_size(output->type) == 0) {
        return mg_fail(node, "supports float32, int8, int16, int32 and int64");
    }
    int32_t total = 0;
    for (int32_t i = 0; i < p->num_inputs; ++i) {
        const mg_tensor *input = mg_input(node, i);
        if (!input || input->type != output->type) {
            return mg_fail(node, "every input needs the output's type");
        }
        if (mg_num_elements(input) != p->outer_size * p->copy_sizes[i]) {
            return mg_fail(node, "shapes differ from the generated plan");
        }
        total += mg_num_elements(input);
    }
    if (mg_num_elements(output) != p->output_count || total != p->output_count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_concatenation_params *p = node->params;
    const void *inputs[MG_CONCATENATION_MAX_INPUTS];
    for (int32_t i = 0; i < p->num_inputs; ++i) {
        inputs[i] = mg_input(node, i)->data;
    }
    const mg_tensor *output = mg_output(node, 0);
    mg_concatenation_generic(p, element_size(output->type), inputs, output->data);
    return MG_OK;
}

const mg_registration mg_register_concatenation = {0, 0, prepare, invoke};
