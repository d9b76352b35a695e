/* RESIZE_BILINEAR, int8: TFLite's reference_ops::ResizeBilinearInteger, 64-bit products of Q10 weights rounded
 * half away from zero (the double-rounding build TFLite Micro's reference uses). */
#include "resize_bilinear.h"

void mg_resize_bilinear_s8(const mg_resize_bilinear_params *p, const int8_t *input, int8_t *output)
{
    const int32_t row = p->input_width * p->depth;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *image = input + (size_t)b * (size_t)p->input_height * (size_t)row;
        for (int32_t y = 0; y < p->output_height; ++y) {
            const int8_t *upper = image + p->rows[2 * y] * row, *lower = image + p->rows[2 * y + 1] * row;
            const int64_t dy = p->row_fractions_q10[y];
            for (int32_t x = 0; x < p->output_width; ++x) {
                const int32_t left = p->columns[2 * x] * p->depth, right = p->columns[2 * x + 1] * p->depth;
                const int64_t dx = p->column_fractions_q10[x];
                for (int32_t c = 0; c < p->depth; ++c) {
                    const int64_t sum = upper[left + c] * (1024 - dy) * (1024 - dx) +
                                        lower[left + c] * dy * (1024 - dx) + upper[right + c] * (1024 - dy) * dx +
                                        lower[right + c] * dy * dx;
                    *output++ = (int8_t)((sum + (sum > 0 ? (1 << 19) : -(1 << 19))) / (1 << 20));
                }
            }
        }
    }
}
