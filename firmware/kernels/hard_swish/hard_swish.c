/* HARD_SWISH registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "hard_swish.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY(hard_swish, mg_prepare_unary, mg_hard_swish_s8, mg_hard_swish_f32);
