#include "mean.h"
#include "mg_fixedpoint.h"

/* The sum of one output's inputs; int32 with wrap-around, as TFLite adds them. */
static uint32_t mg_mean_sum_s8(const mg_mean_params *p, const int8_t *in)
{
    const int32_t *d = p->inner_dims;
    const int32_t *s = p->inner_strides;
    uint32_t sum = 0;
    for (int32_t i0 = 0; i0 < d[0]; ++i0) {
        for (int32_t i1 = 0; i1 < d[1]; ++i1) {
            for (int32_t i2 = 0; i2 < d[2]; ++i2) {
                for (int32_t i3 = 0; i3 < d[3]; ++i3) {
                    const int8_t *row = in + i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3];
                    for (int32_t i4 = 0; i4 < d[4]; ++i4) {
                        sum += (uint32_t)(int32_t)row[i4 * s[4]];
                    }
                }
            }
        }
    }
    return sum;
}

/* TFLite's QuantizedMeanOrSum: the sum less count input zero points, scaled once by the folded multiplier. */
void mg_mean_s8(const mg_mean_params *p, const int8_t *input, int8_t *output)
{
    const int32_t *d = p->outer_dims;
    const int32_t *s = p->outer_strides;
    for (int32_t o0 = 0; o0 < d[0]; ++o0) {
        for (int32_t o1 = 0; o1 < d[1]; ++o1) {
            for (int32_t o2 = 0; o2 < d[2]; ++o2) {
                for (int32_t o3 = 0; o3 < d[3]; ++o3) {
                    for (int32_t o4 = 0; o4 < d[4]; ++o4) {
                        const int8_t *in = input + o0 * s[0] + o1 * s[1] + o2 * s[2] + o3 * s[3] + o4 * s[4];
                        const int32_t sum = (int32_t)mg_mean_sum_s8(p, in);
                        const int32_t shifted = (int32_t)((int64_t)sum - (int64_t)p->input_zero_point * p->count);
                        const int32_t value = mg_multiply_by_quantized_multiplier(shifted, p->multiplier, p->shift);
                        *output++ = (int8_t)mg_clamp(value + p->output_zero_point, INT8_MIN, INT8_MAX);
                    }
                }
            }
        }
    }
}
