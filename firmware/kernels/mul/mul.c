/* MUL registration: the element-wise checks and type dispatch of mg_elementwise.h, with TFLite Micro's int32 path
 * beside the quantized and float ones. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_WITH_S16_S32(mul, mg_prepare_binary_any, mg_mul_s8, mg_mul_s16, mg_mul_s32, mg_mul_f32);
