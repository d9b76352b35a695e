#pragma GCC optimize("O3")
#include "mve_max_pool_2d.h"

#if defined(__ARM_FEATURE_MVE)

#include "mve_util.h"

void mg_max_pool_2d_s8_mve(const mg_max_pool_2d_mve_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->depth, width = p->input_width;
    const int8x16_t act_min = vdupq_n_s8((int8_t)p->act_min), act_max = vdupq_n_s8((int8_t)p->act_max);
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
                const int8_t *corner = image + ((y0 + fy0) * width + x0 + fx0) * depth;
                for (int32_t c = 0; c < depth; c += 16) {
                    /* the windows are never empty (validate): the clamp's low end starts the maximum */
                    int8x16_t m = act_min;
                    const int8_t *row = corner + c;
                    if (depth - c >= 16) {
                        for (int32_t fy = fy0; fy < fy1; ++fy, row += width * depth) {
                            const int8_t *x = row;
                            for (int32_t fx = fx0; fx < fx1; ++fx, x += depth) {
                                m = vmaxq_s8(m, vldrbq_s8(x));
                            }
                        }
                        vstrbq_s8(output + c, vminq_s8(m, act_max));
                        continue;
                    }
                    const mve_pred16_t pred = vctp8q((uint32_t)(depth - c));
                    for (int32_t fy = fy0; fy < fy1; ++fy, row += width * depth) {
                        const int8_t *x = row;
                        for (int32_t fx = fx0; fx < fx1; ++fx, x += depth) {
                            m = vmaxq_s8(m, vldrbq_z_s8(x, pred));
                        }
                    }
                    vstrbq_p_s8(output + c, vminq_s8(m, act_max), pred);
                }
                output += depth;
            }
        }
    }
}

#endif
