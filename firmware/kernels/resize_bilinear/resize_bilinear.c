/* RESIZE_BILINEAR registration: checks the node against its parameters, then blends by type. */
#include "resize_bilinear.h"
#include "mg_elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_resize_bilinear_params *p = node->params;
    const int32_t pixels_in = p->batches * p->input_height * p->input_width;
    const int32_t pixels_out = p->batches * p->output_height * p->output_width;
    return mg_check_tensors(node, 1, pixels_in * p->depth, pixels_out * p->depth, 0);
}

MG_REGISTER_UNARY(resize_bilinear, prepare, mg_resize_bilinear_s8, mg_resize_bilinear_f32);
