/* SVDF float32 (TFLite Micro's EvalFloatSvdfReference and ApplyTimeWeightsBiasAndActivation): the same steps as
 * the int8 kernel without rescaling, in the same summation order, then the fused activation's clamp. */
#include "svdf.h"

void mg_svdf_f32(const mg_svdf_params *p, const float *input, const float *weights_feature, const float *weights_time,
                 const float *bias, float *state, float *output, float *scratch)
{
    const int32_t units = p->filters / p->rank;
    const int32_t state_count = p->batches * p->filters * p->memory;
    for (int32_t i = 1; i < state_count; ++i) {
        state[i - 1] = state[i];
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *in = input + b * p->input_size;
        for (int32_t f = 0; f < p->filters; ++f) {
            const float *row = weights_feature + f * p->input_size;
            float acc = 0.0f;
            for (int32_t c = 0; c < p->input_size; ++c) {
                acc += row[c] * in[c];
            }
            state[(b * p->filters + f) * p->memory + p->memory - 1] = acc;
        }
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t f = 0; f < p->filters; ++f) {
            const float *history = state + (b * p->filters + f) * p->memory;
            const float *weights = weights_time + f * p->memory;
            float acc = 0.0f;
            for (int32_t m = 0; m < p->memory; ++m) {
                acc += weights[m] * history[m];
            }
            scratch[b * p->filters + f] = acc;
        }
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t u = 0; u < units; ++u) {
            float sum = bias[u];
            for (int32_t r = 0; r < p->rank; ++r) {
                sum += scratch[b * p->filters + u * p->rank + r];
            }
            sum = sum < p->act_min ? p->act_min : sum;
            output[b * units + u] = sum > p->act_max ? p->act_max : sum;
        }
    }
}
