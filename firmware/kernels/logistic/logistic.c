/* LOGISTIC registration: the element-wise checks and type dispatch of mg_elementwise.h. */
#include "logistic.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY_WITH_S16(logistic, mg_prepare_unary_any, mg_logistic_s8, mg_logistic_s16, mg_logistic_f32);
