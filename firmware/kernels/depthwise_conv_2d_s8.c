#include "depthwise_conv_2d.h"
#include "mg_fixedpoint.h"
#include "mg_requant.h"

/* TFLite Micro's reference DepthwiseConvPerChannel: per output channel, the taps in (ky, kx) order, then the
 * bias, the per-channel requantization, the output offset and the activation clamp. Output channels are the
 * outer loop, so each channel's multiplier and shift are computed once per invoke. A channel reads only its
 * own input channel, row by row (last row first with reverse_rows), so the planner may put the output partly
 * over the input, below it or (reversed) above it (KernelSpec.overlap, docs/kernels.md). */
void mg_depthwise_conv_2d_s8(const mg_depthwise_conv_2d_params *p, const int8_t *input, const int8_t *filter,
                             const uint8_t *filter_scales, const int32_t *bias, int8_t *output)
{
    const int32_t depth = p->geometry.input_depth, out_depth = p->geometry.output_depth;
    const int32_t in_row = p->geometry.input_width * depth;          /* elements per input row */
    const int32_t in_image = p->geometry.input_height * in_row;      /* elements per input image */
    const int32_t filter_row = p->geometry.filter_width * out_depth; /* elements per filter row */
    const int32_t stride_h = p->geometry.stride_height, stride_w = p->geometry.stride_width;
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    const int32_t pad_h = p->geometry.pad_height, pad_w = p->geometry.pad_width;
    const int32_t input_offset = p->input_offset, out_height = p->geometry.output_height;
    for (int32_t o = 0; o < out_depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        const int8_t *in_channel = input + o / p->depth_multiplier; /* output channel o reads input channel c */
        const int8_t *w_channel = filter + o;
        for (int32_t b_i = 0; b_i < p->geometry.batches; ++b_i) {
            const int32_t b = p->reverse_rows ? p->geometry.batches - 1 - b_i : b_i;
            const int8_t *in_batch = in_channel + b * in_image;
            for (int32_t oy_i = 0; oy_i < out_height; ++oy_i) {
                const int32_t oy = p->reverse_rows ? out_height - 1 - oy_i : oy_i;
                int8_t *out = output + ((b * out_height + oy) * p->geometry.output_width) * out_depth + o;
                const int32_t y0 = oy * stride_h - pad_h;
                int32_t ky0, ky1;
                mg_conv_window(y0, dil_h, p->geometry.input_height, p->geometry.filter_height, &ky0, &ky1);
                for (int32_t ox = 0; ox < p->geometry.output_width; ++ox) {
                    const int32_t x0 = ox * stride_w - pad_w;
                    int32_t kx0, kx1;
                    mg_conv_window(x0, dil_w, p->geometry.input_width, p->geometry.filter_width, &kx0, &kx1);
                    int32_t acc = 0;
                    for (int32_t ky = ky0; ky < ky1; ++ky) {
                        const int8_t *in_y = in_batch + (y0 + ky * dil_h) * in_row;
                        const int8_t *w_y = w_channel + ky * filter_row;
                        for (int32_t kx = kx0; kx < kx1; ++kx) {
                            int32_t x = in_y[(x0 + kx * dil_w) * depth];
                            acc += w_y[kx * out_depth] * (x + input_offset); /* symmetric weights */
                        }
                    }
                    if (bias) {
                        acc += bias[o];
                    }
                    acc = mg_multiply_by_quantized_multiplier(acc, multiplier, shift);
                    *out = (int8_t)mg_clamp(acc + p->output_offset, p->act_min, p->act_max);
                    out += out_depth;
                }
            }
        }
    }
}
