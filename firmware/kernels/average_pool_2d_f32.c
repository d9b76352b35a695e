#include "average_pool_2d.h"

void mg_average_pool_2d_f32(const mg_average_pool_2d_params *p, const float *input, float *output)
{
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *image = input + b * p->input_height * p->input_width * p->depth;
        for (int32_t oy = 0; oy < p->output_height; ++oy) {
            const int32_t y0 = oy * p->stride_height - p->padding_height;
            const int32_t fy_start = y0 < 0 ? -y0 : 0;
            const int32_t fy_end = p->filter_height < p->input_height - y0 ? p->filter_height : p->input_height - y0;
            for (int32_t ox = 0; ox < p->output_width; ++ox) {
                const int32_t x0 = ox * p->stride_width - p->padding_width;
                const int32_t fx_start = x0 < 0 ? -x0 : 0;
                const int32_t fx_end = p->filter_width < p->input_width - x0 ? p->filter_width : p->input_width - x0;
                for (int32_t c = 0; c < p->depth; ++c) {
                    float total = 0.0f;
                    float count = 0.0f; /* TFLite counts in float */
                    for (int32_t fy = fy_start; fy < fy_end; ++fy) {
                        const float *row = image + ((y0 + fy) * p->input_width) * p->depth + c;
                        for (int32_t fx = fx_start; fx < fx_end; ++fx) {
                            total += row[(x0 + fx) * p->depth];
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
