/* float32 LOG_SOFTMAX as TFLite's reference_ops::LogSoftmax: the row maximum, the sum of expf(x - max) in
 * order, then x - max - logf(sum). Each element is read before its output is written (in place is safe). */
#include <math.h>

#include "log_softmax.h"
#include "mg_row_max.h"

void mg_log_softmax_f32(const mg_log_softmax_params *p, const float *input, float *output)
{
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const float *in = input + i * depth;
        const float max = mg_row_max_f32(in, depth);
        float sum = 0.0f;
        for (int32_t c = 0; c < depth; ++c) {
            sum += expf(in[c] - max);
        }
        const float log_sum = logf(sum);
        float *out = output + i * depth;
        for (int32_t c = 0; c < depth; ++c) {
            out[c] = in[c] - max - log_sum;
        }
    }
}
