/* MAX_POOL_2D, int8: TFLite's reference MaxPool (reference_ops/pooling.h), output by output. */
#include "max_pool_2d.h"

void mg_max_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *image = input + b * p->input_height * p->input_width * p->depth;
        for (int32_t oy = 0; oy < p->output_height; ++oy) {
            const mg_pool_span y = mg_pool_rows(p, oy);
            for (int32_t ox = 0; ox < p->output_width; ++ox) {
                const mg_pool_span x = mg_pool_cols(p, ox);
                for (int32_t c = 0; c < p->depth; ++c) {
                    int32_t max = INT8_MIN;
                    for (int32_t fy = y.first; fy < y.end; ++fy) {
                        const int8_t *row = image + ((y.origin + fy) * p->input_width) * p->depth + c;
                        for (int32_t fx = x.first; fx < x.end; ++fx) {
                            const int32_t v = row[(x.origin + fx) * p->depth];
                            max = v > max ? v : max;
                        }
                    }
                    max = max < p->act_min ? p->act_min : max;
                    *output++ = (int8_t)(max > p->act_max ? p->act_max : max);
                }
            }
        }
    }
}
