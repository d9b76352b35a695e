/* PRELU, float32: TFLite Micro's prelu_common.cc BroadcastPrelu4DSlowFloat. */
#include "mg_binary_loop.h"
#include "prelu.h"

#define STEP(x, a) ((x) >= 0.0f ? (x) : (x) * (a))

void mg_prelu_f32(const mg_prelu_params *p, const float *input, const float *alpha, float *output)
{
    MG_BINARY_LOOP(p, input, alpha, output, STEP);
}
