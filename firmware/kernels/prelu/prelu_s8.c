/* PRELU, int8: TFLite's reference_ops::BroadcastPrelu4DSlow<int8_t, int8_t> (TFLite Micro's prelu.cc). */
#include "mg_binary_loop.h"
#include "prelu.h"

#define STEP(x, a) (int8_t) mg_clamp(mg_prelu_quantized(p, x, a), INT8_MIN, INT8_MAX)

void mg_prelu_s8(const mg_prelu_params *p, const int8_t *input, const int8_t *alpha, int8_t *output)
{
    MG_BINARY_LOOP(p, input, alpha, output, STEP);
}
