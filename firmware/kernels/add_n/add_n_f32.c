/* ADD_N, float32: TFLite's reference_ops::AddN<float> (TFLite Micro's add_n.cc). */
#include "add_n.h"

void mg_add_n_f32(const mg_add_n_params *p, const float *const *inputs, int32_t num_inputs, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        float sum = 0.0f;
        for (int32_t j = 0; j < num_inputs; ++j) {
            sum += inputs[j][i];
        }
        output[i] = sum;
    }
}
