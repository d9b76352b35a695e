/* ELU registration: checks the node against its parameters, then calls the math for its type. */
#include "elu.h"
#include "mg_elementwise.h"

MG_REGISTER_UNARY(elu, mg_prepare_unary, mg_elu_s8, mg_elu_f32);
