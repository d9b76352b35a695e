/* MAX_POOL_2D for the dsp backend (Cortex-M4/M7/M33), int16, bit-exact with TFLite Micro's reference MaxPool: two
 * channels at a time, the running maximum per halfword with SSUB16 and SEL, the activation clamp the same way. Each
 * pixel's outputs are written after its window is read (the family's overlap). */
#pragma GCC optimize("O2")
#include "mg_dsp_requant.h"
#include "pool_2d.h"

void mg_max_pool_2d_s16_dsp(const mg_pool_2d_params *p, const int16_t *input, int16_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    const uint32_t lo2 = 0x00010001u * (uint16_t)act_min, hi2 = 0x00010001u * (uint16_t)act_max;
    MG_POOL_2D_WINDOWS(int16_t, p, input, output, width, depth, y, x, window, {
        const int32_t rows = y.end - y.first, cols = x.end - x.first;
        const int32_t row_skip = (width - cols) * depth;
        int32_t c = 0;
        for (; c + 2 <= depth; c += 2) {
            uint32_t m = lo2; /* the windows are never empty (validate): the clamp's low end starts the maximum */
            const int16_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (int32_t k = 0; k < cols; ++k, q += depth) {
                    m = dsp_max_s16x2(m, dsp_ld32(q));
                }
            }
            dsp_st32(output + c, dsp_min_s16x2(m, hi2));
        }
        if (c < depth) {
            int32_t m = act_min;
            const int16_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (int32_t k = 0; k < cols; ++k, q += depth) {
                    m = *q > m ? *q : m;
                }
            }
            output[c] = (int16_t)(m < act_max ? m : act_max);
        }
    })
}
