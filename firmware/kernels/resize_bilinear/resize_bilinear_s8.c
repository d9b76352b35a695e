/* RESIZE_BILINEAR, int8: TFLite's reference_ops::ResizeBilinearInteger, 64-bit products of Q10 weights rounded
 * half away from zero (the double-rounding build TFLite Micro's reference uses). */
#include "resize_bilinear.h"

/* Channel c's Q20 sum of the four products, rounded half away from zero to an integer. */
static inline __attribute__((always_inline)) int8_t mg_blend_s8(int64_t sum)
{
    return (int8_t)((sum + (sum > 0 ? (1 << 19) : -(1 << 19))) / (1 << 20));
}

#define MG_BLEND_S8(c)                                                                                                 \
    mg_blend_s8(upper[left + c] * (1024 - dy) * (1024 - dx) + lower[left + c] * dy * (1024 - dx) +                     \
                upper[right + c] * (1024 - dy) * dx + lower[right + c] * dy * dx)

void mg_resize_bilinear_s8(const mg_resize_bilinear_params *p, const int8_t *input, int8_t *output)
{
    MG_RESIZE_BILINEAR_LOOPS(int8_t, int64_t, row_fractions_q10, column_fractions_q10, MG_BLEND_S8);
}
