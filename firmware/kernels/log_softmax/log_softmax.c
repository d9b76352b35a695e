/* LOG_SOFTMAX registration: the tensors against the generated row count and depth, int8 or float32, then the
 * math by type. */
#include "log_softmax.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_log_softmax_params *p = node->params;
    return mg_check_tensors(node, 1, p->outer_size * p->depth, p->outer_size * p->depth, 0);
}

MG_REGISTER_UNARY(log_softmax, prepare, mg_log_softmax_s8, mg_log_softmax_f32);
