/* MUL (mve backend) registration: int8 and int16 with broadcasting (mul_s8_mve.c, mul_s16_mve.c) on the family's
 * element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status invoke(mg_node *node)
{
    switch (mg_output(node, 0)->type) {
        MG_BINARY_CASE(MG_INT8, mg_mul_s8_mve)
        MG_BINARY_CASE(MG_INT16, mg_mul_s16_mve)
    default: return mg_fail(node, "supports int8 and int16 only");
    }
}

const mg_registration mg_register_mul_mve = {0, 0, mg_prepare_binary_any, invoke};

#endif
