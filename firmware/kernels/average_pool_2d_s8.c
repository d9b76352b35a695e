/* AVERAGE_POOL_2D, int8: TFLite's reference AveragePool (reference_ops/pooling.h), output by output. */
#include "average_pool_2d.h"
#include "mg_fixedpoint.h"

void mg_average_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *image = input + b * p->input_height * p->input_width * p->depth;
        for (int32_t oy = 0; oy < p->output_height; ++oy) {
            const mg_pool_span y = mg_pool_rows(p, oy);
            for (int32_t ox = 0; ox < p->output_width; ++ox) {
                const mg_pool_span x = mg_pool_cols(p, ox);
                for (int32_t c = 0; c < p->depth; ++c) {
                    int32_t acc = 0;
                    int32_t count = 0;
                    for (int32_t fy = y.first; fy < y.end; ++fy) {
                        const int8_t *row = image + ((y.origin + fy) * p->input_width) * p->depth + c;
                        for (int32_t fx = x.first; fx < x.end; ++fx) {
                            acc += row[(x.origin + fx) * p->depth];
                            ++count;
                        }
                    }
                    if (count > 0) { /* the generator rejects windows that miss the input */
                        /* round half away from zero, with C's truncating division, as TFLite does */
                        acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
                    }
                    *output++ = (int8_t)mg_clamp(acc, p->act_min, p->act_max);
                }
            }
        }
    }
}
