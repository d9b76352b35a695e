/* RESIZE_BILINEAR, float32: TFLite's reference_ops::ResizeBilinear, the same products summed in the same order. */
#include "resize_bilinear.h"

void mg_resize_bilinear_f32(const mg_resize_bilinear_params *p, const float *input, float *output)
{
    const int32_t row = p->input_width * p->depth;
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *image = input + (size_t)b * (size_t)p->input_height * (size_t)row;
        for (int32_t y = 0; y < p->output_height; ++y) {
            const float *upper = image + p->rows[2 * y] * row, *lower = image + p->rows[2 * y + 1] * row;
            const float dy = p->row_fractions[y];
            for (int32_t x = 0; x < p->output_width; ++x) {
                const int32_t left = p->columns[2 * x] * p->depth, right = p->columns[2 * x + 1] * p->depth;
                const float dx = p->column_fractions[x];
                for (int32_t c = 0; c < p->depth; ++c) {
                    *output++ = upper[left + c] * (1 - dy) * (1 - dx) + lower[left + c] * dy * (1 - dx) +
                                upper[right + c] * (1 - dy) * dx + lower[right + c] * dy * dx;
                }
            }
        }
    }
}
