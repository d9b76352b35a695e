/* float32 SOFTMAX as TFLite's reference_ops::Softmax: exp((x - max) * beta) in float, summed in order, each
 * divided by the sum. The output may overwrite the input (each element is read before it is written). */
#include <math.h>

#include "mg_row_max.h"
#include "softmax.h"

void mg_softmax_f32(const mg_softmax_params *p, const float *input, float *output)
{
    const int32_t depth = p->depth;
    for (int32_t i = 0; i < p->outer_size; ++i) {
        const float *in = input + i * depth;
        float *out = output + i * depth;
        const float max = mg_row_max_f32(in, depth);
        float sum = 0.0f;
        for (int32_t c = 0; c < depth; ++c) {
            float e = expf((in[c] - max) * p->beta);
            out[c] = e;
            sum += e;
        }
        for (int32_t c = 0; c < depth; ++c) {
            out[c] = out[c] / sum;
        }
    }
}
