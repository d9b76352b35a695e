/* MUL (dsp backend) registration: int8 and int16 with broadcasting (mul_s8_dsp.c, mul_s16_dsp.c) on the family's
 * element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

static mg_status invoke(mg_node *node)
{
    switch (mg_output(node, 0)->type) {
        MG_BINARY_CASE(MG_INT8, mg_mul_s8_dsp)
        MG_BINARY_CASE(MG_INT16, mg_mul_s16_dsp)
    default: return mg_fail(node, "supports int8 and int16 only");
    }
}

const mg_registration mg_register_mul_dsp = {0, 0, mg_prepare_binary_any, invoke};
