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

void mg_resize_bilinear_s8(const mg_resize_bilinear_params *p, const int8_t *input, int8_t *output);
void mg_resize_bilinear_f32(const mg_resize_bilinear_params *p, const float *input, float *output);

extern const mg_registration mg_register_resize_bilinear;

#endif
