/* MAX_POOL_2D, int16: TFLite's reference_integer_ops::MaxPool for int16, output by output. */
#include "mg_fixedpoint.h"
#include "pool_2d.h"

static inline int32_t larger(int32_t max, int32_t value)
{
    return value > max ? value : max;
}

static inline int16_t clamp(const mg_pool_2d_params *p, int32_t max, int32_t count)
{
    (void)count;
    return (int16_t)mg_clamp(max, p->act_min, p->act_max);
}

void mg_max_pool_2d_s16(const mg_pool_2d_params *p, const int16_t *input, int16_t *output)
{
    MG_POOL_2D_REFERENCE(int16_t, int32_t, p, input, output, INT16_MIN, larger, clamp);
}
