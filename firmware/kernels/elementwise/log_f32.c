/* LOG, float32: std::log as TFLite Micro's elementwise.cc LogEval. */
#include <math.h>

#include "elementwise.h"

void mg_log_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = logf(v);
    }
}
