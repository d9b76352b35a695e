/* AVERAGE_POOL_2D, float32: TFLite's reference_ops::AveragePool, output by output. */
#include "pool_2d.h"

static inline float sum(float acc, float value)
{
    return acc + value;
}

static inline float average(const mg_pool_2d_params *p, float total, int32_t count)
{
    float value = total / (float)count; /* TFLite counts in float: the same value for any count a window has */
    value = value < p->act_min_f ? p->act_min_f : value;
    return value > p->act_max_f ? p->act_max_f : value;
}

void mg_average_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output)
{
    MG_POOL_2D_REFERENCE(float, float, p, input, output, 0.0f, sum, average);
}
