/* DIV registration: checks the node against its parameters, then calls the math for its type. */
#include "div.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_div_params *p = node->params;
    return mg_check_binary(node, p->count, MG_SAME_TYPE, MG_SAME_TYPE);
}

static mg_status invoke(mg_node *node)
{
    switch (mg_output(node, 0)->type) {
        MG_BINARY_CASE(MG_FLOAT32, mg_div_f32)
        MG_BINARY_CASE(MG_INT32, mg_div_s32)
        MG_BINARY_CASE(MG_INT8, mg_div_s8)
    default: return mg_fail(node, "supports float32, int32 and int8 only");
    }
}

const mg_registration mg_register_div = {0, 0, prepare, invoke};
