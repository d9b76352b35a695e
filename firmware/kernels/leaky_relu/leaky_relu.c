/* LEAKY_RELU registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "leaky_relu.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY_WITH_S16(leaky_relu, mg_prepare_unary_any, mg_leaky_relu_s8, mg_leaky_relu_s16, mg_leaky_relu_f32);
