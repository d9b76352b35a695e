#pragma GCC optimize("O2")
#include "dsp_average_pool_2d.h"
#include "dsp_requant.h"

/* TFLite's rounding: half away from zero, with C's truncating division. */
static inline int8_t average(int32_t sum, int32_t count, int32_t half, int32_t act_min, int32_t act_max)
{
    const int32_t v = (sum > 0 ? sum + half : sum - half) / count;
    return (int8_t)dsp_clamp(v, act_min, act_max);
}

void mg_average_pool_2d_s8_dsp(const mg_average_pool_2d_dsp_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *image = input + b * p->input_height * width * depth;
        for (int32_t oy = 0; oy < p->output_height; ++oy) {
            const int32_t y0 = oy * p->stride_height - p->padding_height;
            const int32_t fy0 = y0 < 0 ? -y0 : 0;
            const int32_t fy1 = p->filter_height < p->input_height - y0 ? p->filter_height : p->input_height - y0;
            for (int32_t ox = 0; ox < p->output_width; ++ox) {
                const int32_t x0 = ox * p->stride_width - p->padding_width;
                const int32_t fx0 = x0 < 0 ? -x0 : 0;
                const int32_t fx1 = p->filter_width < width - x0 ? p->filter_width : width - x0;
                const int32_t rows = fy1 - fy0, cols = fx1 - fx0, count = rows * cols, half = count / 2;
                const int8_t *window = image + ((y0 + fy0) * width + x0 + fx0) * depth;
                const int32_t row_skip = (width - cols) * depth;
                int32_t c = 0;
                for (; c + 4 <= depth; c += 4) {
                    uint32_t even = 0, odd = 0; /* (c, c+2) and (c+1, c+3) in 16-bit lanes */
                    const int8_t *q = window + c;
                    for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                        for (int32_t k = 0; k < cols; ++k, q += depth) {
                            const uint32_t w = dsp_ld32(q);
                            even = dsp_sxtab16(even, w);
                            odd = dsp_sxtab16_ror8(odd, w);
                        }
                    }
                    output[c] = average((int16_t)even, count, half, act_min, act_max);
                    output[c + 1] = average((int16_t)odd, count, half, act_min, act_max);
                    output[c + 2] = average((int32_t)even >> 16, count, half, act_min, act_max);
                    output[c + 3] = average((int32_t)odd >> 16, count, half, act_min, act_max);
                }
                for (; c < depth; ++c) {
                    int32_t sum = 0;
                    const int8_t *q = window + c;
                    for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                        for (int32_t k = 0; k < cols; ++k, q += depth) {
                            sum += *q;
                        }
                    }
                    output[c] = average(sum, count, half, act_min, act_max);
                }
                output += depth;
            }
        }
    }
}
