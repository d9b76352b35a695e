/* TANH registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "tanh.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY_WITH_S16(tanh, mg_prepare_unary_any, mg_tanh_s8, mg_tanh_s16, mg_tanh_f32);
