/* MAX_POOL_2D for the portable backend (Cortex-M0/M0+, Cortex-M3), int8, bit-exact with TFLite Micro's reference
 * MaxPool: window by window, four channels a pass (one pointer step serves four maxima; the last channels one by
 * one), the running maxima in registers over the clipped window's taps (the pointer stepping by the depth, a row's
 * remainder skipped at once) instead of the reference kernel's general walk, then the activation clamp. Pixel order
 * as the reference kernel's (pool_2d.h). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include "mg_elementwise.h"
#include "pool_2d.h"

void mg_max_pool_2d_s8_portable(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    MG_POOL_2D_S8_WINDOWS(p, input, output, width, depth, y, x, window, {
        const int32_t rows = y.end - y.first, cols = x.end - x.first;
        const int32_t row_skip = (width - cols) * depth;
        int32_t c = 0;
        for (; c + 4 <= depth; c += 4) {
            int32_t m0 = act_min, m1 = act_min, m2 = act_min, m3 = act_min;
            const int8_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (const int8_t *end = q + cols * depth; q != end; q += depth) {
                    m0 = q[0] > m0 ? q[0] : m0;
                    m1 = q[1] > m1 ? q[1] : m1;
                    m2 = q[2] > m2 ? q[2] : m2;
                    m3 = q[3] > m3 ? q[3] : m3;
                }
            }
            output[c] = (int8_t)(m0 < act_max ? m0 : act_max);
            output[c + 1] = (int8_t)(m1 < act_max ? m1 : act_max);
            output[c + 2] = (int8_t)(m2 < act_max ? m2 : act_max);
            output[c + 3] = (int8_t)(m3 < act_max ? m3 : act_max);
        }
        for (; c < depth; ++c) {
            int32_t m = act_min; /* the clamp's lower end first: max(max(window), act_min) */
            const int8_t *q = window + c;
            for (int32_t r = 0; r < rows; ++r, q += row_skip) {
                for (const int8_t *end = q + cols * depth; q != end; q += depth) {
                    m = *q > m ? *q : m;
                }
            }
            output[c] = (int8_t)(m < act_max ? m : act_max);
        }
    })
}

MG_REGISTER_UNARY_S8(max_pool_2d_portable, mg_pool_2d_prepare_s8, mg_max_pool_2d_s8_portable);
