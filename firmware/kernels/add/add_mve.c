/* ADD (mve backend) registration: int8 inputs of the output's shape (add_s8_mve.c), int16 with broadcasting
 * (add_s16_mve.c), on the family's element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    return mg_output(node, 0)->type == MG_INT16 ? mg_prepare_binary_any(node) : mg_prepare_binary_s8(node);
}

static mg_status invoke(mg_node *node)
{
    switch (mg_output(node, 0)->type) {
        MG_BINARY_CASE(MG_INT8, mg_add_s8_mve)
        MG_BINARY_CASE(MG_INT16, mg_add_s16_mve)
    default: return mg_fail(node, "supports int8 and int16 only");
    }
}

const mg_registration mg_register_add_mve = {0, 0, prepare, invoke};

#endif
