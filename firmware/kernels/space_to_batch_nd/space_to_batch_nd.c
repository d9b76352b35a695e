/* SPACE_TO_BATCH_ND registration: checks the node against its parameters, then copies. */
#include "space_to_batch_nd.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_space_to_batch_nd_params *p = node->params;
    const int32_t input_pixels = p->input_batches * p->input_height * p->input_width;
    const int32_t output_pixels = p->output_batches * p->output_height * p->output_width;
    return mg_check_tensors(node, 1, input_pixels * p->depth, output_pixels * p->depth, 0);
}

MG_REGISTER_UNARY_ONE(space_to_batch_nd, prepare, mg_space_to_batch_nd_generic);
