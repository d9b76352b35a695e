/* SUB registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "add.h"
#include "mg_elementwise.h"

MG_REGISTER_BINARY(sub, mg_prepare_binary, mg_sub_s8, mg_sub_f32);
