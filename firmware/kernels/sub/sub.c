/* SUB registration: the element-wise checks and type dispatch of mg_elementwise.h, with TFLite Micro's int32 path
 * beside the quantized and float ones. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_WITH_S16_S32(sub, mg_prepare_binary_any, mg_sub_s8, mg_sub_s16, mg_sub_s32, mg_sub_f32);
