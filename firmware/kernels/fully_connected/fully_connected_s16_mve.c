/* FULLY_CONNECTED 16x8, mve backend (Cortex-M55): TFLite Micro's reference FullyConnected(PerChannel) for int16
 * input (fully_connected_s16.c), each batch row against the weight rows in the 16x8 matrix core
 * (mg_mve_matmul_s16.h). */
#include "fully_connected.h"
#include "mg_mve_matmul_s16.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

void mg_fully_connected_s16_mve(const mg_fully_connected_params *p, const int16_t *input, const int8_t *weights,
                                const void *bias, int16_t *output, void *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth;
    mg_dsp_s16_channel *table = scratch; /* the layout of mg_fully_connected_s16_mve_scratch_size */
    int all_fast = 1;
    for (int32_t o = 0; o < outputs; ++o) {
        int32_t multiplier = p->output_multiplier, shift = p->output_shift;
        if (p->per_channel) {
            multiplier = p->channel_requant[2 * o], shift = p->channel_requant[2 * o + 1];
        }
        table[o] = mg_dsp_s16_channel_of(multiplier, shift, p->accumulator_64, bias, o);
        all_fast &= table[o].fast_multiplier != 0;
    }
    mg_mve_s16_rows rows = {weights, depth,    outputs,
                            table,   all_fast, {p->accumulator_64, 0, 0, p->output_offset, p->act_min, p->act_max}};
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        mg_matmul_rows_s16_mve(&rows, input + b * depth, output + b * outputs);
    }
}

mg_status mg_fully_connected_s16_mve_prepare(mg_node *node)
{
    const mg_fully_connected_shape *s = &((const mg_fully_connected_params *)node->params)->shape;
    return mg_fully_connected_s16_backend_prepare(node, mg_fully_connected_s16_mve_scratch_size(s->output_depth));
}

#endif
