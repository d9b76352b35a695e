/* CUMSUM registration (TFLite Micro's cumsum.cc): the input and output against the generated element count,
 * int8 or float32 (the axis input is constant: the generator read it), then the math by type. */
#include "cumsum.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_cumsum_params *p = node->params;
    const int32_t count = p->outer_size * p->axis_size * p->inner_size;
    return mg_check_tensors(node, 1, count, count, 0);
}

MG_REGISTER_UNARY(cumsum, prepare, mg_cumsum_s8, mg_cumsum_f32);
