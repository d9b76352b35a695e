#include "fully_connected.h"
#include "mg_fixedpoint.h"
#include "mg_requant.h"

/* Output channels are the outer loop, so a per-channel multiplier and shift is computed once per invoke. */
void mg_fully_connected_s8(const mg_fully_connected_params *p, const int8_t *input, const int8_t *weights,
                           const uint8_t *weight_scales, const int32_t *bias, int8_t *output)
{
    for (int32_t o = 0; o < p->shape.output_depth; ++o) {
        const int8_t *w = weights + o * p->shape.accum_depth;
        int32_t multiplier = p->output_multiplier, shift = p->output_shift;
        if (p->per_channel) {
            mg_requant_channel(p->input_scale, p->output_scale, weight_scales, 1, o, &multiplier, &shift);
        }
        for (int32_t b = 0; b < p->shape.batches; ++b) {
            const int8_t *in = input + b * p->shape.accum_depth;
            int32_t acc = 0;
            for (int32_t d = 0; d < p->shape.accum_depth; ++d) {
                acc += w[d] * (in[d] + p->input_offset); /* int8 weights are symmetric: no weight offset */
            }
            if (bias) {
                acc += bias[o];
            }
            acc = mg_multiply_by_quantized_multiplier(acc, multiplier, shift);
            output[b * p->shape.output_depth + o] = (int8_t)mg_clamp(acc + p->output_offset, p->act_min, p->act_max);
        }
    }
}
