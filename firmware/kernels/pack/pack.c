/* PACK registration. */
#include "pack.h"
#include "mg_copy.h"

#define PACK_TYPES (MG_COPY_TYPES_8_16_32_F | MG_COPY_TYPE_BIT(MG_INT64))

static mg_status prepare(mg_node *node)
{
    const mg_pack_params *p = node->params;
    const mg_tensor *output = mg_output(node, 0);
    const int32_t run_elements = p->outer_size * p->copy_size;
    if (node->num_inputs != p->count || node->num_outputs != 1) {
        return mg_fail(node, "input or output count differs from the generated plan");
    }
    if (!mg_copy_type_in(output->type, PACK_TYPES)) {
        return mg_fail(node, "supports int8, int16, int32, int64 and float32 only");
    }
    if (mg_num_elements(output) != run_elements * p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    for (int i = 0; i < p->count; ++i) {
        const mg_tensor *input = mg_input(node, i);
        if (!input || input->type != output->type || mg_num_elements(input) != run_elements) {
            return mg_fail(node, "an input's type or shape differs from the generated plan");
        }
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_pack_params *p = node->params;
    const mg_tensor *output = mg_output(node, 0);
    const size_t elem_size = mg_copy_type_size(output->type);
    for (int32_t i = 0; i < p->count; ++i) {
        mg_pack_copy(p, i, mg_input(node, i)->data, output->data, elem_size);
    }
    return MG_OK;
}

const mg_registration mg_register_pack = {0, 0, prepare, invoke};
