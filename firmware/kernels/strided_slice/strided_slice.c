/* STRIDED_SLICE registration. */
#include "strided_slice.h"
#include "mg_copy.h"

static mg_status prepare(mg_node *node)
{
    const mg_strided_slice_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input and one output");
    }
    if (input->type != output->type || !mg_copy_type_in(input->type, MG_COPY_TYPES_8_16_32_F_B)) {
        return mg_fail(node, "supports int8, int16, int32 and float32 only");
    }
    int32_t count = 1;
    for (int d = 0; d < MG_STRIDED_SLICE_DIMS; ++d) {
        count *= p->counts[d];
    }
    if (mg_num_elements(input) != p->input_elements || mg_num_elements(output) != p->output_elements ||
        count != p->output_elements) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_strided_slice_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const size_t elem_size = mg_copy_type_size(input->type);
    void *output = mg_output(node, 0)->data;
    if (output != (const uint8_t *)input->data + (size_t)p->base * elem_size) { /* else a view: nothing to copy */
        mg_strided_slice_copy(p, input->data, output, elem_size);
    }
    return MG_OK;
}

const mg_registration mg_register_strided_slice = {0, 0, prepare, invoke};
