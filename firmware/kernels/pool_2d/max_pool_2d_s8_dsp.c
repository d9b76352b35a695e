/* MAX_POOL_2D for the dsp backend (Cortex-M4/M7/M33), int8, bit-exact with TFLite Micro's reference MaxPool:
 * four channels at a time, the running maximum per byte with SSUB8 and SEL, the activation clamp the same way. */
#pragma GCC optimize("O2")
#include "mg_dsp_requant.h"
#include "mg_elementwise.h"
#include "pool_2d.h"

void mg_max_pool_2d_s8_dsp(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    const uint32_t lo4 = 0x01010101u * (uint8_t)act_min, hi4 = 0x01010101u * (uint8_t)act_max;
    MG_POOL_2D_S8_WINDOWS(p, input, output, width, depth, y, x, window, {
        const int32_t rows = y.end - y.first, cols = x.end - x.first;
        const int32_t row_skip = (width - cols) * depth;
        int32_t c = 0;
        for (; c + 4 <= depth; c += 4) {
            uint32_t m = 0x80808080u; /* -128 in every byte */
            const int8_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (int32_t k = 0; k < cols; ++k, q += depth) {
                    m = dsp_max_s8x4(m, dsp_ld32(q));
                }
            }
            dsp_st32(output + c, dsp_min_s8x4(dsp_max_s8x4(m, lo4), hi4));
        }
        for (; c < depth; ++c) {
            int32_t m = -128;
            const int8_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (int32_t k = 0; k < cols; ++k, q += depth) {
                    m = *q > m ? *q : m;
                }
            }
            output[c] = (int8_t)dsp_clamp(m, act_min, act_max);
        }
    })
}
