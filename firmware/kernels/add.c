/* ADD registration: the element-wise checks and type dispatch of mg_elementwise.h, with TFLite Micro's int32 path
 * beside the quantized and float ones. */
#include "add.h"
#include "mg_elementwise.h"

static mg_status add_invoke(mg_node *node)
{
    switch (mg_output(node, 0)->type) {
        MG_BINARY_CASE(MG_INT8, mg_add_s8)
        MG_BINARY_CASE(MG_INT16, mg_add_s16)
        MG_BINARY_CASE(MG_INT32, mg_add_s32)
        MG_BINARY_CASE(MG_FLOAT32, mg_add_f32)
    default: return mg_fail(node, "supports int8, int16, int32 and float32 only");
    }
}

const mg_registration mg_register_add = {0, 0, mg_prepare_binary_any, add_invoke};
