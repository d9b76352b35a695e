/* int16 MUL: TFLite's reference_integer_ops::MulElementwise / BroadcastMul6DSlow on int16 (zero points 0,
 * as TFLite Micro's prepare requires), in output order. */
#include "add.h"
#include "mg_broadcast.h"

static inline int16_t mul_element(const mg_mul_params *p, int32_t x1, int32_t x2)
{
    return (int16_t)mg_mul_element(p, x1, x2);
}

void mg_mul_s16(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    MG_BCAST_MAP(int16_t, p, input1, input2, output, mul_element);
}
