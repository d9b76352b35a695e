/* int32 ADD: TFLite Micro's unquantized int32 path (reference Add, BroadcastAdd4DSlow): the plain sum, which wraps
 * as two's complement (added as unsigned, where C defines the wrap), and no activation: TFLite Micro clamps to the
 * whole int32 range. */
#include "add.h"
#include "mg_broadcast.h"

static inline int32_t add_element(const mg_add_params *p, int32_t x1, int32_t x2)
{
    (void)p;
    return (int32_t)((uint32_t)x1 + (uint32_t)x2);
}

void mg_add_s32(const mg_add_params *p, const int32_t *input1, const int32_t *input2, int32_t *output)
{
    MG_BCAST_MAP(int32_t, p, input1, input2, output, add_element);
}
