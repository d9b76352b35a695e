/* TFLite Micro's reference FullyConnected / FullyConnectedPerChannel for 16-bit activations and 8-bit weights
 * (16x8): per output the products in input order with the input offset, the bias, the requantization of an int64
 * (or, with an int32 bias, int32) accumulator, the output offset and the activation clamp. Output channels are the
 * outer loop, so a per-channel multiplier and shift is computed once per invoke. */
#include "fully_connected.h"
#include "mg_requant.h"

void mg_fully_connected_s16(const mg_fully_connected_params *p, const int16_t *input, const int8_t *weights,
                            const uint8_t *weight_scales, const void *bias, int16_t *output)
{
    const int32_t depth = p->shape.accum_depth, out_depth = p->shape.output_depth;
    mg_requant_s16_step step = {p->accumulator_64, p->output_multiplier, p->output_shift,
                                p->output_offset,  p->act_min,           p->act_max};
    for (int32_t o = 0; o < out_depth; ++o) {
        const int8_t *w = weights + o * depth;
        if (p->per_channel) {
            mg_requant_channel(p->input_scale, p->output_scale, weight_scales, 1, o, &step.multiplier, &step.shift);
        }
        for (int32_t b = 0; b < p->shape.batches; ++b) {
            const int16_t *in = input + b * depth;
            int64_t acc = 0;
            for (int32_t d = 0; d < depth; ++d) {
                acc += w[d] * (in[d] + p->input_offset); /* int8 weights are symmetric: no weight offset */
            }
            output[b * out_depth + o] = mg_requant_s16(&step, acc, bias, o);
        }
    }
}
