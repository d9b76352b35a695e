/* MEAN and SUM, int16: TFLite's reference_ops::QuantizedMeanOrSum<int16_t, int32_t>. */
#include "mean.h"

void mg_mean_s16(const mg_mean_params *p, const int16_t *input, int16_t *output)
{
    MG_MEAN_QUANTIZED(int16_t, p, input, output, INT16_MIN, INT16_MAX);
}
