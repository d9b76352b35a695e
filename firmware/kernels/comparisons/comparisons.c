/* The comparison registrations: check the node against its parameters, then call the math for its type. */
#include "comparisons.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_comparisons_params *p = node->params;
    return mg_check_binary(node, p->count, MG_SAME_TYPE, MG_BOOL);
}

/* An invoke per op, on the inputs' type; EQUAL and NOT_EQUAL also take bool inputs. */
#define INVOKE(op, BOOL_CASE)                                                                                          \
    static mg_status invoke_##op(mg_node *node)                                                                        \
    {                                                                                                                  \
        switch (mg_input(node, 0)->type) {                                                                             \
            MG_BINARY_CASE(MG_FLOAT32, mg_##op##_f32)                                                                  \
            MG_BINARY_CASE(MG_INT32, mg_##op##_s32)                                                                    \
            MG_BINARY_CASE(MG_INT64, mg_##op##_s64)                                                                    \
            MG_BINARY_CASE(MG_INT8, mg_##op##_s8)                                                                      \
            BOOL_CASE                                                                                                  \
        default: return mg_fail(node, "type not supported");                                                           \
        }                                                                                                              \
    }

INVOKE(equal, MG_BINARY_CASE(MG_BOOL, mg_equal_b))
INVOKE(not_equal, MG_BINARY_CASE(MG_BOOL, mg_not_equal_b))
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
