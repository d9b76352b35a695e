#include "fully_connected.h"
#include "mg_fixedpoint.h"

void mg_fully_connected_s8(const mg_fully_connected_params *p, const int8_t *input, const int8_t *weights,
                           const int32_t *bias, int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in = input + b * p->accum_depth;
        for (int32_t o = 0; o < p->output_depth; ++o) {
            const int8_t *w = weights + o * p->accum_depth;
            int32_t acc = 0;
            for (int32_t d = 0; d < p->accum_depth; ++d) {
                acc += w[d] * (in[d] + p->input_offset); /* int8 weights are symmetric: no weight offset */
            }
            if (bias) {
                acc += bias[o];
            }
            int32_t q = p->per_channel ? o : 0;
            acc = mg_multiply_by_quantized_multiplier(acc, p->output_multipliers[q], p->output_shifts[q]);
            *output++ = (int8_t)mg_clamp(acc + p->output_offset, p->act_min, p->act_max);
        }
    }
}
