/* ADD registration: the element-wise checks and type dispatch of mg_elementwise.h, with TFLite Micro's int32 path
 * beside the quantized and float ones. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_WITH_S16_S32(add, mg_prepare_binary_any, mg_add_s8, mg_add_s16, mg_add_s32, mg_add_f32);
