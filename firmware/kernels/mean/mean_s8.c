/* MEAN and SUM, int8: TFLite's reference_ops::QuantizedMeanOrSum<int8_t, int32_t>. */
#include "mean.h"

void mg_mean_s8(const mg_mean_params *p, const int8_t *input, int8_t *output)
{
    MG_MEAN_QUANTIZED(int8_t, p, input, output, INT8_MIN, INT8_MAX);
}
