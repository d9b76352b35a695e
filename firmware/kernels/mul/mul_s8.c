/* int8 MUL: TFLite's reference_integer_ops::MulElementwise / BroadcastMul6DSlow, in output order. */
#include "add.h"
#include "mg_broadcast.h"

static inline int8_t mul_element(const mg_mul_params *p, int32_t x1, int32_t x2)
{
    return (int8_t)mg_mul_element(p, x1, x2);
}

void mg_mul_s8(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_BCAST_MAP(int8_t, p, input1, input2, output, mul_element);
}
