/* SUB registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY_WITH_S16(sub, mg_prepare_binary_any, mg_sub_s8, mg_sub_s16, mg_sub_f32);
