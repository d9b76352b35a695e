/* TFLite Micro's reference DepthwiseConvPerChannel for 16-bit activations and 8-bit weights (16x8): per output
 * value the taps in (ky, kx) order, the int64 bias, the per-channel requantization of the int64 accumulator and
 * the activation clamp; no offsets. Output channels are the outer loop, so each channel's multiplier and shift
 * are computed once per invoke. */
#include "depthwise_conv_2d.h"
#include "mg_requant.h"

void mg_depthwise_conv_2d_s16(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                              const uint8_t *filter_scales, const int64_t *bias, int16_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t in_image = g->input_height * g->input_width * g->input_depth;
    mg_requant_s16_step step = {1, 0, 0, 0, p->act_min, p->act_max};
    for (int32_t o = 0; o < g->output_depth; ++o) {
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &step.multiplier,
                           &step.shift);
        const int16_t *in_channel = input + o / p->depth_multiplier; /* output channel o reads input channel c */
        int16_t *out = output + o;
        for (int32_t b = 0; b < g->batches; ++b) {
            for (int32_t oy = 0; oy < g->output_height; ++oy) {
                for (int32_t ox = 0; ox < g->output_width; ++ox) {
                    int64_t acc = mg_conv_window_sum_s16(g, in_channel + b * in_image, filter + o,
                                                         oy * g->stride_height - g->pad_height,
                                                         ox * g->stride_width - g->pad_width, 1, g->output_depth);
                    *out = mg_requant_s16(&step, acc, bias, o);
                    out += g->output_depth;
                }
            }
        }
    }
}
