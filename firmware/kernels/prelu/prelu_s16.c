/* PRELU, int16 with int8 alpha: TFLite's reference_ops::BroadcastPrelu4DSlow<int16_t, int8_t> (TFLite Micro's
 * prelu.cc). */
#include "mg_binary_loop.h"
#include "prelu.h"

#define STEP(x, a) (int16_t) mg_clamp(mg_prelu_quantized(p, x, a), INT16_MIN, INT16_MAX)

void mg_prelu_s16(const mg_prelu_params *p, const int16_t *input, const int8_t *alpha, int16_t *output)
{
    MG_BINARY_LOOP(p, input, alpha, output, STEP);
}
