/* DIV, int32: TFLite's reference_ops::Div / BroadcastDivSlow<int32_t> (TFLite Micro's div.cc). */
#include "div.h"
#include "mg_binary_loop.h"
#include "mg_fixedpoint.h"

#define STEP(a, b) mg_clamp((a) / (b), p->act_min, p->act_max)

void mg_div_s32(const mg_div_params *p, const int32_t *input1, const int32_t *input2, int32_t *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
