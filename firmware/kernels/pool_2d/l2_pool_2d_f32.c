/* L2_POOL_2D, float32: TFLite's reference_ops::L2Pool, output by output: the square root of the mean square of
 * the window clipped to the input, then the fused activation. */
#include <math.h>

#include "pool_2d.h"

static inline float add_square(float acc, float value)
{
    return acc + value * value;
}

static inline float root_mean(const mg_pool_2d_params *p, float sum_squares, int32_t count)
{
    float value = sqrtf(sum_squares / (float)count);
    value = value < p->act_min_f ? p->act_min_f : value; /* ActivationFunctionWithMinMax: max, then min */
    return value > p->act_max_f ? p->act_max_f : value;
}

void mg_l2_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output)
{
    MG_POOL_2D_REFERENCE(float, float, p, input, output, 0.0f, add_square, root_mean);
}
