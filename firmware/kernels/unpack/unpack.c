/* UNPACK registration. */
#include "unpack.h"
#include "mg_copy.h"

static mg_status prepare(mg_node *node)
{
    const mg_unpack_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const int32_t run_elements = p->outer_size * p->copy_size;
    if (!input || node->num_outputs != p->count) {
        return mg_fail(node, "input or output count differs from the generated plan");
    }
    if (!mg_copy_type_in(input->type, MG_COPY_TYPES_8_16_32_F)) {
        return mg_fail(node, "supports int8, int16, int32 and float32 only");
    }
    if (mg_num_elements(input) != run_elements * p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    for (int i = 0; i < p->count; ++i) {
        const mg_tensor *output = mg_output(node, i);
        if (output->type != input->type || mg_num_elements(output) != run_elements) {
            return mg_fail(node, "an output's type or shape differs from the generated plan");
        }
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_unpack_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const size_t elem_size = mg_copy_type_size(input->type);
    for (int32_t i = 0; i < p->count; ++i) {
        mg_unpack_copy(p, i, input->data, mg_output(node, i)->data, elem_size);
    }
    return MG_OK;
}

const mg_registration mg_register_unpack = {0, 0, prepare, invoke};
