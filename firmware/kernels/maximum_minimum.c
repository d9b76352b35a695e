/* MAXIMUM and MINIMUM registrations: check the node against its parameters, then call the math for its type. */
#include "maximum_minimum.h"

static mg_status prepare(mg_node *node)
{
    const mg_maximum_minimum_params *p = node->params;
    const mg_tensor *input1 = mg_input(node, 0);
    const mg_tensor *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input1->type != output->type || input2->type != output->type) {
        return mg_fail(node, "input and output types differ");
    }
    return MG_OK;
}

#define DISPATCH(op)                                                                                                   \
    static mg_status invoke_##op(mg_node *node)                                                                        \
    {                                                                                                                  \
        const void *a = mg_input(node, 0)->data;                                                                       \
        const void *b = mg_input(node, 1)->data;                                                                       \
        const mg_tensor *output = mg_output(node, 0);                                                                  \
        switch (output->type) {                                                                                        \
        case MG_FLOAT32: mg_##op##_f32(node->params, a, b, output->data); break;                                       \
        case MG_INT8: mg_##op##_s8(node->params, a, b, output->data); break;                                           \
        case MG_INT16: mg_##op##_s16(node->params, a, b, output->data); break;                                         \
        case MG_INT32: mg_##op##_s32(node->params, a, b, output->data); break;                                         \
        case MG_INT64: mg_##op##_s64(node->params, a, b, output->data); break;                                         \
        default: return mg_fail(node, "supports float32, int8, int16, int32 and int64 only");                          \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }

DISPATCH(maximum)
DISPATCH(minimum)

const mg_registration mg_register_maximum = {0, 0, prepare, invoke_maximum};
const mg_registration mg_register_minimum = {0, 0, prepare, invoke_minimum};
