/* float32 -> int16 QUANTIZE: TFLite's reference_ops::AffineQuantize<float, int16_t> (TFLite Micro's quantize.cc). */
#include <math.h>

#include "mg_fixedpoint.h"
#include "quantize.h"

void mg_quantize_f32_s16(const mg_quantize_params *p, const float *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        /* TFLite divides by the scale in float and rounds half away from zero. */
        const int32_t q = (int32_t)roundf(input[i] / p->scale) + p->zero_point;
        output[i] = (int16_t)mg_clamp(q, INT16_MIN, INT16_MAX);
    }
}
