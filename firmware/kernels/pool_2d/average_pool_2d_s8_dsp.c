/* AVERAGE_POOL_2D for the dsp backend (Cortex-M4/M7/M33), int8, windows of at most 256 taps, bit-exact with
 * TFLite Micro's reference AveragePool: four channels at a time, summed in 16-bit lanes with SXTAB16 (256 taps of
 * int8 cannot overflow them), then one rounded division per channel. */
#pragma GCC optimize("O2")
#include "mg_dsp_requant.h"
#include "mg_elementwise.h"
#include "pool_2d.h"

/* TFLite's rounding: half away from zero, with C's truncating division. */
static inline int8_t average(int32_t sum, int32_t count, int32_t half, int32_t act_min, int32_t act_max)
{
    const int32_t v = (sum > 0 ? sum + half : sum - half) / count;
    return (int8_t)dsp_clamp(v, act_min, act_max);
}

void mg_average_pool_2d_s8_dsp(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    MG_POOL_2D_S8_WINDOWS(p, input, output, width, depth, y, x, window, {
        const int32_t rows = y.end - y.first, cols = x.end - x.first, count = rows * cols, half = count / 2;
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
    })
}
