/* ADD (mve backend) registration: int8 inputs of the output's shape (add_s8_mve.c), int16 with broadcasting
 * (add_s16_mve.c), on the family's element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

#if defined(__ARM_FEATURE_MVE)

static mg_status prepare(mg_node *node)
{
    return mg_output(node, 0)->type == MG_INT16 ? mg_prepare_binary_any(node) : mg_prepare_binary_s8(node);
}

MG_REGISTER_BINARY_S8_S16(add_mve, prepare, mg_add_s8_mve, mg_add_s16_mve);

#endif
