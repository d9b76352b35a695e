/* TFLite Micro's reference ConvPerChannel for 16-bit activations and 8-bit weights (16x8): per output value the
 * taps in (ky, kx, c) order, the bias, the per-channel requantization of an int64 (or, with an int32 bias, int32)
 * accumulator and the activation clamp; no offsets. Output channels are the outer loop, so each channel's
 * multiplier and shift are computed once per invoke. */
#include "conv_2d.h"
#include "mg_conv_s16.h"

void mg_conv_2d_s16(const mg_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                    const uint8_t *filter_scales, const void *bias, int16_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t group_depth = p->filter_input_depth;
    const int32_t filter_size = g->filter_height * g->filter_width * group_depth;
    mg_requant_s16_step step = {p->accumulator_64, 0, 0, 0, p->act_min, p->act_max};
    for (int32_t o = 0; o < g->output_depth; ++o) {
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &step.multiplier,
                           &step.shift);
        const int16_t *in_group = input + (o / p->filters_per_group) * group_depth;
        mg_conv_channel_s16(g, in_group, filter + o * filter_size, group_depth, group_depth, &step, bias, o, output);
    }
}
