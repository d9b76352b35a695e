/* RESHAPE, SQUEEZE and EXPAND_DIMS registrations: the same checks and copy, each with TFLite Micro's types (any
 * sized type for RESHAPE and SQUEEZE, which TFLite Micro copies as bytes). */
#include "reshape.h"
#include "mg_copy.h"

static mg_status check(mg_node *node, uint32_t types)
{
    const mg_reshape_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input and one output");
    }
    if (mg_num_elements(input) != p->num_elements || mg_num_elements(output) != p->num_elements) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != output->type || !mg_copy_type_in(input->type, types)) {
        return mg_fail(node, "input and output types differ or are not supported");
    }
    return MG_OK;
}

static mg_status prepare_reshape(mg_node *node)
{
    return check(node, MG_COPY_TYPES_ALL);
}

static mg_status prepare_expand_dims(mg_node *node)
{
    return check(node, MG_COPY_TYPES_8_16_F); /* TFLite Micro's EXPAND_DIMS has no int32 */
}

static mg_status invoke(mg_node *node)
{
    const mg_reshape_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    mg_reshape_copy(input->data, mg_output(node, 0)->data, (size_t)p->num_elements * mg_copy_type_size(input->type));
    return MG_OK;
}

const mg_registration mg_register_reshape = {0, 0, prepare_reshape, invoke};
const mg_registration mg_register_squeeze = {0, 0, prepare_reshape, invoke};
const mg_registration mg_register_expand_dims = {0, 0, prepare_expand_dims, invoke};
