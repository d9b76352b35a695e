#include "mean.h"

/* One output's sum, from 0 in the input's row-major order, as TFLite's reference Mean adds. */
static float mg_mean_sum_f32(const mg_mean_params *p, const float *in)
{
    const int32_t *d = p->inner_dims;
    const int32_t *s = p->inner_strides;
    float sum = 0.0f;
    for (int32_t i0 = 0; i0 < d[0]; ++i0) {
        for (int32_t i1 = 0; i1 < d[1]; ++i1) {
            for (int32_t i2 = 0; i2 < d[2]; ++i2) {
                for (int32_t i3 = 0; i3 < d[3]; ++i3) {
                    const float *row = in + i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3];
                    for (int32_t i4 = 0; i4 < d[4]; ++i4) {
                        sum += row[i4 * s[4]];
                    }
                }
            }
        }
    }
    return sum;
}

void mg_mean_f32(const mg_mean_params *p, const float *input, float *output)
{
    const int32_t *d = p->outer_dims;
    const int32_t *s = p->outer_strides;
    for (int32_t o0 = 0; o0 < d[0]; ++o0) {
        for (int32_t o1 = 0; o1 < d[1]; ++o1) {
            for (int32_t o2 = 0; o2 < d[2]; ++o2) {
                for (int32_t o3 = 0; o3 < d[3]; ++o3) {
                    for (int32_t o4 = 0; o4 < d[4]; ++o4) {
                        const float *in = input + o0 * s[0] + o1 * s[1] + o2 * s[2] + o3 * s[3] + o4 * s[4];
                        *output++ = mg_mean_sum_f32(p, in) / p->count_f;
                    }
                }
            }
        }
    }
}
