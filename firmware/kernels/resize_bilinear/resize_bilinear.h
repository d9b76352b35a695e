/* RESIZE_BILINEAR (TFLite Micro's resize_bilinear.cc), NHWC float32 and int8: each output pixel blends the four
 * input pixels around its source position. The generator computes, per output row and column, the two input
 * rows/columns and the fraction toward the second one, exactly as TFLite's ComputeInterpolationValues does
 * (float32 for float, 10 fractional bits for int8); the kernels only blend. */
#ifndef MG_RESIZE_BILINEAR_H
#define MG_RESIZE_BILINEAR_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches, input_height, input_width, depth; /* the input's NHWC shape */
    int32_t output_height, output_width;
    const int32_t *rows;              /* output_height pairs: the upper and the lower input row */
    const int32_t *columns;           /* output_width pairs: the left and the right input column */
    const int32_t *row_fractions_q10; /* int8: output_height weights of the lower row, 1024 = 1 */
    const int32_t *column_fractions_q10;
    const float *row_fractions; /* float32: output_height weights of the lower row */
    const float *column_fractions;
} mg_resize_bilinear_params;

/* The loops both kernels share, in TFLite's order, over `p`, `input` (of T) and `output`: per output pixel,
 * `upper`/`lower` are its two input rows, `left`/`right` its two columns' first elements and `dy`/`dx` (of F,
 * from the arrays p->ROW_FRACTIONS and p->COLUMN_FRACTIONS) the fractions toward the second ones; BLEND(c) is
 * channel c's output value. */
#define MG_RESIZE_BILINEAR_LOOPS(T, F, ROW_FRACTIONS, COLUMN_FRACTIONS, BLEND)                                         \
    do {                                                                                                               \
        const int32_t row = p->input_width * p->depth;                                                                 \
        for (int32_t b = 0; b < p->batches; ++b) {                                                                     \
            const T *image = input + (size_t)b * (size_t)p->input_height * (size_t)row;                                \
            for (int32_t y = 0; y < p->output_height; ++y) {                                                           \
                const T *upper = image + p->rows[2 * y] * row, *lower = image + p->rows[2 * y + 1] * row;              \
                const F dy = p->ROW_FRACTIONS[y];                                                                      \
                for (int32_t x = 0; x < p->output_width; ++x) {                                                        \
                    const int32_t left = p->columns[2 * x] * p->depth, right = p->columns[2 * x + 1] * p->depth;       \
                    const F dx = p->COLUMN_FRACTIONS[x];                                                               \
                    for (int32_t c = 0; c < p->depth; ++c) {                                                           \
                        *output++ = BLEND(c);                                                                          \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

void mg_resize_bilinear_s8(const mg_resize_bilinear_params *p, const int8_t *input, int8_t *output);
void mg_resize_bilinear_f32(const mg_resize_bilinear_params *p, const float *input, float *output);

extern const mg_registration mg_register_resize_bilinear;

#endif
