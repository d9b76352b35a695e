/* int8 SUB: TFLite's reference SubElementwise / BroadcastSubRecursiveDimensions, in output order. */
#include "add.h"
#include "mg_broadcast.h"

static inline int8_t sub_element(const mg_sub_params *p, int32_t x1, int32_t x2)
{
    return (int8_t)mg_add_sub_element(p, x1, x2, 1);
}

void mg_sub_s8(const mg_sub_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_BCAST_MAP(int8_t, p, input1, input2, output, sub_element);
}
