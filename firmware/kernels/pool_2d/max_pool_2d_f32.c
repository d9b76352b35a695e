/* MAX_POOL_2D, float32: TFLite's reference_ops::MaxPool, output by output. */
#include <float.h>

#include "pool_2d.h"

static inline float larger(float max, float value)
{
    return max < value ? value : max; /* std::max: a NaN input never replaces the maximum */
}

static inline float clamp(const mg_pool_2d_params *p, float max, int32_t count)
{
    (void)count;
    max = max < p->act_min_f ? p->act_min_f : max;
    return max > p->act_max_f ? p->act_max_f : max;
}

void mg_max_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output)
{
    MG_POOL_2D_REFERENCE(float, float, p, input, output, -FLT_MAX, larger, clamp);
}
