/* TFLite Micro's reference DepthwiseConvPerChannel for 16-bit activations and 8-bit weights (16x8): per output
 * value the taps in (ky, kx) order, the int64 bias, the per-channel requantization of the int64 accumulator and
 * the activation clamp; no offsets. Output channels are the outer loop, so each channel's multiplier and shift
 * are computed once per invoke. */
#include "depthwise_conv_2d.h"
#include "mg_conv_s16.h"

void mg_depthwise_conv_2d_s16(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                              const uint8_t *filter_scales, const int64_t *bias, int16_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    mg_requant_s16_step step = {1, 0, 0, 0, p->act_min, p->act_max};
    for (int32_t o = 0; o < g->output_depth; ++o) {
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &step.multiplier,
                           &step.shift);
        /* output channel o reads input channel o / depth_multiplier, its taps output_depth apart */
        mg_conv_channel_s16(g, input + o / p->depth_multiplier, filter + o, 1, g->output_depth, &step, bias, o, output);
    }
}
