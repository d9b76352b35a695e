/* RELU and RELU6 registrations: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "relu.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY_WITH_S16(relu, mg_prepare_unary_any, mg_relu_s8, mg_relu_s16, mg_relu_f32);
MG_REGISTER_UNARY_WITH_S16(relu6, mg_prepare_unary_any, mg_relu6_s8, mg_relu6_s16, mg_relu6_f32);
