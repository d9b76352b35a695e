/* MUL registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_WITH_S16(mul, mg_prepare_binary_any, mg_mul_s8, mg_mul_s16, mg_mul_f32);
