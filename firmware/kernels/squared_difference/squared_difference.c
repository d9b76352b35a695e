/* SQUARED_DIFFERENCE registration: checks the node against its parameters, then calls the math for its type. */
#include "squared_difference.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_squared_difference_params *p = node->params;
    return mg_check_binary(node, p->count, MG_SAME_TYPE, MG_SAME_TYPE);
}

static mg_status invoke(mg_node *node)
{
    switch (mg_output(node, 0)->type) {
        MG_BINARY_CASE(MG_FLOAT32, mg_squared_difference_f32)
        MG_BINARY_CASE(MG_INT32, mg_squared_difference_s32)
        MG_BINARY_CASE(MG_INT8, mg_squared_difference_s8)
        MG_BINARY_CASE(MG_INT16, mg_squared_difference_s16)
    default: return mg_fail(node, "supports float32, int32, int8 and int16 only");
    }
}

const mg_registration mg_register_squared_difference = {0, 0, prepare, invoke};
