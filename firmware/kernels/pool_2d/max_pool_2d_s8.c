/* MAX_POOL_2D, int8: TFLite's reference_integer_ops::MaxPool, output by output. */
#include "pool_2d.h"

static inline int32_t larger(int32_t max, int32_t value)
{
    return value > max ? value : max;
}

static inline int8_t clamp(const mg_pool_2d_params *p, int32_t max, int32_t count)
{
    (void)count;
    max = max < p->act_min ? p->act_min : max;
    return (int8_t)(max > p->act_max ? p->act_max : max);
}

void mg_max_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    MG_POOL_2D_REFERENCE(int8_t, int32_t, p, input, output, INT8_MIN, larger, clamp);
}
