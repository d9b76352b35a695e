/* AVERAGE_POOL_2D, float32: TFLite's reference AveragePool (reference_ops/pooling.h), output by output. */
#include "average_pool_2d.h"

void mg_average_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *image = input + b * p->input_height * p->input_width * p->depth;
        for (int32_t oy = 0; oy < p->output_height; ++oy) {
            const mg_pool_span y = mg_pool_rows(p, oy);
            for (int32_t ox = 0; ox < p->output_width; ++ox) {
                const mg_pool_span x = mg_pool_cols(p, ox);
                for (int32_t c = 0; c < p->depth; ++c) {
                    float total = 0.0f;
                    float count = 0.0f; /* TFLite counts in float */
                    for (int32_t fy = y.first; fy < y.end; ++fy) {
                        const float *row = image + ((y.origin + fy) * p->input_width) * p->depth + c;
                        for (int32_t fx = x.first; fx < x.end; ++fx) {
                            total += row[(x.origin + fx) * p->depth];
                            count += 1.0f;
                        }
                    }
                    float average = total / count;
                    average = average < p->act_min_f ? p->act_min_f : average;
                    *output++ = average > p->act_max_f ? p->act_max_f : average;
                }
            }
        }
    }
}
