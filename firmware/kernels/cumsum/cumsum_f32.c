/* CUMSUM, float32: TFLite's reference_ops::CumSum<float>, the running sum from 0 along each line. */
#include "cumsum.h"

void mg_cumsum_f32(const mg_cumsum_params *p, const float *input, float *output)
{
    MG_CUMSUM_FOR_EACH_LINE(p, first, step, {
        float sum = 0.0f;
        for (int32_t k = 0, at = first; k < p->axis_size; ++k, at += step) {
            const float value = input[at];
            if (p->exclusive) {
                output[at] = sum;
                sum = sum + value;
            } else {
                sum = sum + value;
                output[at] = sum;
            }
        }
    })
}
