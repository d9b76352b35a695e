#include "conv_2d.h"
#include "mg_fixedpoint.h"
#include "mg_requant.h"

/* TFLite Micro's reference ConvPerChannel: per output channel, the taps in (ky, kx, c) order, then the bias,
 * the per-channel requantization, the output offset and the activation clamp. Output channels are the outer
 * loop of each pass over rows_per_pass output rows (counted over all batches): with every row in one pass, each
 * channel's multiplier and shift are computed once per invoke; with one row per pass, a pass reads only input
 * rows from its window's first on (up to its window's last with the passes last first, rows_per_pass -1), so
 * the planner may put the output partly over the input, below it or above it (KernelSpec.overlap,
 * docs/kernels.md). */
void mg_conv_2d_s8(const mg_conv_2d_params *p, const int8_t *input, const int8_t *filter, const uint8_t *filter_scales,
                   const int32_t *bias, int8_t *output)
{
    const int32_t depth = p->geometry.input_depth, group_depth = p->filter_input_depth;
    const int32_t out_depth = p->geometry.output_depth;
    const int32_t in_row = p->geometry.input_width * depth;             /* elements per input row */
    const int32_t in_image = p->geometry.input_height * in_row;         /* elements per input image */
    const int32_t filter_row = p->geometry.filter_width * group_depth;  /* elements per filter row */
    const int32_t filter_size = p->geometry.filter_height * filter_row; /* elements per output channel */
    const int32_t stride_h = p->geometry.stride_height, stride_w = p->geometry.stride_width;
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    const int32_t pad_h = p->geometry.pad_height, pad_w = p->geometry.pad_width;
    const int32_t input_offset = p->input_offset;
    const int32_t out_height = p->geometry.output_height, rows = p->geometry.batches * out_height;
    const int32_t band = p->rows_per_pass > 0 ? p->rows_per_pass : (p->rows_per_pass < 0 ? -p->rows_per_pass : rows);
    const int32_t passes = (rows + band - 1) / band;
    for (int32_t pass = 0; pass < passes; ++pass) {
        const int32_t first = (p->rows_per_pass < 0 ? passes - 1 - pass : pass) * band;
        const int32_t end = rows - first > band ? first + band : rows;
        for (int32_t o = 0; o < out_depth; ++o) {
            int32_t multiplier, shift;
            mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
            const int8_t *in_group = input + (o / p->filters_per_group) * group_depth;
            const int8_t *w_channel = filter + o * filter_size;
            int8_t *out = output + first * p->geometry.output_width * out_depth + o;
            for (int32_t row = first; row < end; ++row) {
                const int32_t b = row / out_height, oy = row - b * out_height;
                const int8_t *in_batch = in_group + b * in_image;
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
                            const int8_t *x = in_y + (x0 + kx * dil_w) * depth;
                            const int8_t *w = w_y + kx * group_depth;
                            for (int32_t c = 0; c < group_depth; ++c) {
                                acc += w[c] * (x[c] + input_offset); /* symmetric weights: no offset */
                            }
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
