#include "fully_connected.h"
#include "mg_fixedpoint.h"
#include "mg_requant.h"

/* Output channels are the outer loop, so a per-channel multiplier and shift is computed once per invoke. */
void mg_fully_connected_s8(const mg_fully_connected_params *p, const int8_t *input, const int8_t *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output)
{
    const int32_t depth = p->shape.accum_depth, out_depth = p->shape.output_depth, batches = p->shape.batches;
    const int32_t input_offset = p->input_offset, output_offset = p->output_offset;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    for (int32_t o = 0; o < out_depth; ++o) {
        const int8_t *w = weights + o * depth;
        int32_t multiplier = p->output_multiplier, shift = p->output_shift;
        if (p->per_channel) {
            mg_requant_channel(p->input_scale, p->output_scale, weight_scales, 1, o, &multiplier, &shift);
        }
        const mg_requantizer requant = mg_requantizer_make(multiplier, shift);
        const int32_t channel_bias = bias ? bias[o] : 0;
        for (int32_t b = 0; b < batches; ++b) {
            /* int8 weights are symmetric: no weight offset; TFLite adds the bias last: the same int32 sum */
            int32_t acc = channel_bias + mg_dot_s8(input + b * depth, w, depth, input_offset);
            acc = mg_requantizer_apply(&requant, acc);
            output[b * out_depth + o] = (int8_t)mg_clamp(acc + output_offset, act_min, act_max);
        }
    }
}
