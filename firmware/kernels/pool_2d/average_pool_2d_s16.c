/* AVERAGE_POOL_2D, int16: TFLite's reference_integer_ops::AveragePool for int16, output by output (an int32 sum,
 * the int8 kernel's rounding). */
#include "mg_fixedpoint.h"
#include "pool_2d.h"

static inline int32_t sum(int32_t acc, int32_t value)
{
    return acc + value;
}

static inline int16_t average(const mg_pool_2d_params *p, int32_t acc, int32_t count)
{
    /* round half away from zero, with C's truncating division; the generator rejects windows that miss the input */
    acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
    return (int16_t)mg_clamp(acc, p->act_min, p->act_max);
}

void mg_average_pool_2d_s16(const mg_pool_2d_params *p, const int16_t *input, int16_t *output)
{
    MG_POOL_2D_REFERENCE(int16_t, int32_t, p, input, output, 0, sum, average);
}
