/* AVERAGE_POOL_2D, int8: TFLite's reference_integer_ops::AveragePool, output by output. */
#include "mg_fixedpoint.h"
#include "pool_2d.h"

static inline int32_t sum(int32_t acc, int32_t value)
{
    return acc + value;
}

static inline int8_t average(const mg_pool_2d_params *p, int32_t acc, int32_t count)
{
    if (count > 0) { /* the generator rejects windows that miss the input */
        /* round half away from zero, with C's truncating division, as TFLite does */
        acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
    }
    return (int8_t)mg_clamp(acc, p->act_min, p->act_max);
}

void mg_average_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output)
{
    MG_POOL_2D_REFERENCE(int8_t, int32_t, p, input, output, 0, sum, average);
}
