/* int32 SUB: TFLite Micro's unquantized int32 path (reference SubWithActivation, BroadcastSubSlow): the plain
 * difference, which wraps as two's complement (subtracted as unsigned, where C defines the wrap), clamped to the
 * fused activation's int32 range. */
#include "add.h"
#include "mg_broadcast.h"

static inline int32_t sub_element(const mg_sub_params *p, int32_t x1, int32_t x2)
{
    return mg_clamp((int32_t)((uint32_t)x1 - (uint32_t)x2), p->act_min, p->act_max);
}

void mg_sub_s32(const mg_sub_params *p, const int32_t *input1, const int32_t *input2, int32_t *output)
{
    MG_BCAST_MAP(int32_t, p, input1, input2, output, sub_element);
}
