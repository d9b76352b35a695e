/* TRANSPOSE registration. */
#include "transpose.h"
#include "mg_copy.h"

mg_status mg_transpose_prepare(mg_node *node)
{
    const mg_transpose_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input and one output");
    }
    if (input->type != output->type || !mg_copy_type_in(input->type, MG_COPY_TYPES_8_16_F)) {
        return mg_fail(node, "supports int8, int16 and float32 only");
    }
    int32_t count = 1;
    for (int d = 0; d < MG_TRANSPOSE_DIMS; ++d) {
        count *= p->out_shape[d];
    }
    if (mg_num_elements(input) != p->num_elements || mg_num_elements(output) != p->num_elements ||
        count != p->num_elements || input->num_dims > MG_TRANSPOSE_DIMS) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    void *output = mg_output(node, 0)->data;
    if (output != input->data) { /* else a view: the permutation moves only axes of extent 1 */
        mg_transpose_copy(node->params, input->data, output, mg_copy_type_size(input->type));
    }
    return MG_OK;
}

const mg_registration mg_register_transpose = {0, 0, mg_transpose_prepare, invoke};
