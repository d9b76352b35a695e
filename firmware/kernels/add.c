/* ADD registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_WITH_S16(add, mg_prepare_binary_any, mg_add_s8, mg_add_s16, mg_add_f32);
