/* float32 LOGISTIC as TFLite's reference_ops::Logistic: 1 above a cutoff, exp(x) below -9, else
 * 1 / (1 + exp(-x)), all in float. Element-wise: the output may overwrite the input. */
#include <math.h>

#include "logistic.h"

void mg_logistic_f32(const mg_logistic_params *p, const float *input, float *output)
{
    const float cutoff_upper = 16.619047164916992188f;
    const float cutoff_lower = -9.0f;
    for (int32_t i = 0; i < p->count; ++i) {
        float x = input[i];
        float y;
        if (x > cutoff_upper) {
            y = 1.0f;
        } else if (x < cutoff_lower) {
            y = expf(x);
        } else {
            y = 1.0f / (1.0f + expf(-x));
        }
        output[i] = y;
    }
}
