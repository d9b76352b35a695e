/* RESIZE_BILINEAR, float32: TFLite's reference_ops::ResizeBilinear, the same products summed in the same order. */
#include "resize_bilinear.h"

#define MG_BLEND_F32(c)                                                                                                \
    (upper[left + c] * (1 - dy) * (1 - dx) + lower[left + c] * dy * (1 - dx) + upper[right + c] * (1 - dy) * dx +      \
     lower[right + c] * dy * dx)

void mg_resize_bilinear_f32(const mg_resize_bilinear_params *p, const float *input, float *output)
{
    MG_RESIZE_BILINEAR_LOOPS(float, float, row_fractions, column_fractions, MG_BLEND_F32);
}
