/* TANH registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "tanh.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY(tanh, mg_prepare_unary, mg_tanh_s8, mg_tanh_f32);
