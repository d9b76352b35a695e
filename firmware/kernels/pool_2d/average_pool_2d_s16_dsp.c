/* AVERAGE_POOL_2D for the dsp backend (Cortex-M4/M7/M33), int16, bit-exact with TFLite Micro's reference
 * AveragePool: two channels per word load, each summed in int32 (SXTAH and an ADD of the top half), then one rounded
 * division per channel. Each pixel's outputs are written after its window is read (the family's overlap). */
#pragma GCC optimize("O2")
#include "mg_dsp_requant.h"
#include "pool_2d.h"

/* TFLite's rounding: half away from zero, with C's truncating division. */
static inline int16_t average(int32_t sum, int32_t count, int32_t half, int32_t act_min, int32_t act_max)
{
    const int32_t v = (sum > 0 ? sum + half : sum - half) / count;
    return (int16_t)dsp_clamp(v, act_min, act_max);
}

void mg_average_pool_2d_s16_dsp(const mg_pool_2d_params *p, const int16_t *input, int16_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    MG_POOL_2D_WINDOWS(int16_t, p, input, output, width, depth, y, x, window, {
        const int32_t rows = y.end - y.first, cols = x.end - x.first, count = rows * cols, half = count / 2;
        const int32_t row_skip = (width - cols) * depth;
        int32_t c = 0;
        for (; c + 2 <= depth; c += 2) {
            int32_t even = 0, odd = 0; /* channels c and c + 1 */
            const int16_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (int32_t k = 0; k < cols; ++k, q += depth) {
                    const uint32_t w = dsp_ld32(q);
                    even += (int16_t)w;
                    odd += (int32_t)w >> 16;
                }
            }
            const int16_t a = average(even, count, half, act_min, act_max);
            const int16_t b = average(odd, count, half, act_min, act_max);
            dsp_st32(output + c, (uint16_t)a | ((uint32_t)(uint16_t)b << 16));
        }
        if (c < depth) {
            int32_t sum = 0;
            const int16_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (int32_t k = 0; k < cols; ++k, q += depth) {
                    sum += *q;
                }
            }
            output[c] = average(sum, count, half, act_min, act_max);
        }
    })
}
