/* The comparison registrations: check the node against its parameters, then call the math for its type. */
#include "comparisons.h"

static mg_status prepare(mg_node *node)
{
    const mg_comparisons_params *p = node->params;
    const mg_tensor *input1 = mg_input(node, 0);
    const mg_tensor *input2 = mg_input(node, 1);
    if (!input1 || !input2 || node->num_outputs != 1) {
        return mg_fail(node, "needs two inputs and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input1->type != input2->type || output->type != MG_BOOL) {
        return mg_fail(node, "needs inputs of one type and a bool output");
    }
    return MG_OK;
}

#define CASE(type_code, op, suffix)                                                                                    \
    case type_code: mg_##op##_##suffix(node->params, a, b, output); return MG_OK;

/* An invoke per op; EQUAL and NOT_EQUAL also take bool inputs. */
#define INVOKE(op, BOOL_CASE)                                                                                          \
    static mg_status invoke_##op(mg_node *node)                                                                        \
    {                                                                                                                  \
        const mg_tensor *input1 = mg_input(node, 0);                                                                   \
        const void *a = input1->data;                                                                                  \
        const void *b = mg_input(node, 1)->data;                                                                       \
        uint8_t *output = mg_output(node, 0)->data;                                                                    \
        switch (input1->type) {                                                                                        \
            CASE(MG_FLOAT32, op, f32)                                                                                  \
            CASE(MG_INT32, op, s32)                                                                                    \
            CASE(MG_INT64, op, s64)                                                                                    \
            CASE(MG_INT8, op, s8)                                                                                      \
            BOOL_CASE                                                                                                  \
        default: return mg_fail(node, "type not supported");                                                           \
        }                                                                                                              \
    }

INVOKE(equal, CASE(MG_BOOL, equal, b))
INVOKE(not_equal, CASE(MG_BOOL, not_equal, b))
INVOKE(greater, )
INVOKE(greater_equal, )
INVOKE(less, )
INVOKE(less_equal, )

const mg_registration mg_register_equal = {0, 0, prepare, invoke_equal};
const mg_registration mg_register_not_equal = {0, 0, prepare, invoke_not_equal};
const mg_registration mg_register_greater = {0, 0, prepare, invoke_greater};
const mg_registration mg_register_greater_equal = {0, 0, prepare, invoke_greater_equal};
const mg_registration mg_register_less = {0, 0, prepare, invoke_less};
const mg_registration mg_register_less_equal = {0, 0, prepare, invoke_less_equal};
