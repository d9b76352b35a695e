/* int16 ADD: TFLite Micro's int16 path (reference_ops::AddElementwise / BroadcastAdd6DSlow), the int8 steps with a
 * left shift of 15, in output order. TFLite Micro takes it for every int16 node: it does not use TFLite's
 * power-of-two-scale variant. */
#include "add.h"
#include "mg_broadcast.h"

static inline int16_t add_element(const mg_add_params *p, int32_t x1, int32_t x2)
{
    return (int16_t)mg_add_sub_element(p, x1, x2, 0);
}

void mg_add_s16(const mg_add_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    MG_BCAST_MAP(int16_t, p, input1, input2, output, add_element);
}
