/* MAXIMUM and MINIMUM registrations: check the node against its parameters, then call the math for its type. */
#include "maximum_minimum.h"
#include "mg_elementwise.h"

mg_status mg_maximum_minimum_prepare(mg_node *node)
{
    const mg_maximum_minimum_params *p = node->params;
    return mg_check_binary(node, p->count, MG_SAME_TYPE, MG_SAME_TYPE);
}

#define INVOKE(op)                                                                                                     \
    static mg_status invoke_##op(mg_node *node)                                                                        \
    {                                                                                                                  \
        switch (mg_output(node, 0)->type) {                                                                            \
            MG_BINARY_CASE(MG_FLOAT32, mg_##op##_f32)                                                                  \
            MG_BINARY_CASE(MG_INT8, mg_##op##_s8)                                                                      \
            MG_BINARY_CASE(MG_INT16, mg_##op##_s16)                                                                    \
            MG_BINARY_CASE(MG_INT32, mg_##op##_s32)                                                                    \
            MG_BINARY_CASE(MG_INT64, mg_##op##_s64)                                                                    \
        default: return mg_fail(node, "supports float32, int8, int16, int32 and int64 only");                          \
        }                                                                                                              \
    }

INVOKE(maximum)
INVOKE(minimum)

const mg_registration mg_register_maximum = {0, 0, mg_maximum_minimum_prepare, invoke_maximum};
const mg_registration mg_register_minimum = {0, 0, mg_maximum_minimum_prepare, invoke_minimum};
