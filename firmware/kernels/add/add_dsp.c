/* ADD (dsp backend) registration: int8 inputs of the output's shape with the generated table (add_s8_dsp.c), int16
 * with broadcasting (add_s16_dsp.c), on the family's element-wise checks. */
#include "add.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    if (mg_output(node, 0)->type == MG_INT16) {
        return mg_prepare_binary_any(node);
    }
    if (!((const mg_add_params *)node->params)->backend_table) {
        return mg_fail(node, "tables missing from the generated plan");
    }
    return mg_prepare_binary_s8(node);
}

MG_REGISTER_BINARY_S8_S16(add_dsp, prepare, mg_add_s8_dsp, mg_add_s16_dsp);
