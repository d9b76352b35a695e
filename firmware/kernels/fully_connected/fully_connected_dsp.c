/* FULLY_CONNECTED (dsp backend) registration, one for the backend's int8 and 16x8 kernels (the resolver holds one
 * per op and backend, so nodes of both types in one model share it): the node's input type picks the kernel's
 * prepare (mg_prepare_weighted.h) and invoke. */
#include "fully_connected.h"
#include "mg_prepare_weighted.h"

static mg_status prepare_s8(mg_node *node)
{
    const mg_fully_connected_dsp_params *p = node->params;
    const mg_fully_connected_shape *s = &p->shape;
    const int32_t weights = s->output_depth * s->accum_depth;
    const size_t scratch = mg_fully_connected_s8_dsp_scratch_size(s->accum_depth, s->output_depth);
    /* only for int4 weights: a firmware without them has no int4 kernel (generator/emit/pruning.py) */
    const size_t int4_scratch =
        mg_input(node, 1)->type == MG_INT4
            ? mg_fully_connected_s4_dsp_scratch_size(s->accum_depth, s->output_depth, (int32_t)scratch, p->weights != 0)
            : 0;
    return mg_prepare_weighted_backend_s4(node, s->batches * s->accum_depth, weights, s->batches * s->output_depth,
                                          p->biases, scratch, int4_scratch);
}

MG_WEIGHTED_S8_S4_BACKEND_INVOKE(mg_fully_connected_s8_dsp, mg_fully_connected_s4_dsp)

MG_FULLY_CONNECTED_S16_BACKEND_INVOKE(mg_fully_connected_s16_dsp)

MG_WEIGHTED_S8_S16_REGISTRATION(mg_register_fully_connected_dsp, prepare_s8, invoke_s8,
                                mg_fully_connected_s16_dsp_prepare, invoke_s16);
