/* uint8 -> float32 DEQUANTIZE: TFLite's reference_ops::Dequantize (TFLite Micro's dequantize.cc). */
#include "dequantize.h"

void mg_dequantize_u8_f32(const mg_dequantize_params *p, const uint8_t *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = p->scale * (float)(input[i] - p->zero_point);
    }
}
