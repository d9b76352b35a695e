/* SVDF int8 with int16 state and time weights (TFLite Micro's EvalIntegerSvdfReference<int16_t>): the feature
 * products rescaled into the state's newest column, the time products per filter into scratch, their sums per
 * unit over the rank plus the bias, rescaled to the int8 output. No fused activation on this path, as in
 * TFLite Micro. */
#include "mg_fixedpoint.h"
#include "svdf.h"

static void shift_state(int16_t *state, int32_t count)
{
    for (int32_t i = 1; i < count; ++i) {
        state[i - 1] = state[i];
    }
}

void mg_svdf_s8(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                const int16_t *weights_time, const int32_t *bias, int16_t *state, int8_t *output, int32_t *scratch)
{
    const int32_t units = p->filters / p->rank;
    int32_t *sums = scratch + p->batches * p->filters;
    shift_state(state, p->batches * p->filters * p->memory);
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in = input + b * p->input_size;
        for (int32_t f = 0; f < p->filters; ++f) {
            const int8_t *row = weights_feature + f * p->input_size;
            int32_t acc = 0;
            for (int32_t c = 0; c < p->input_size; ++c) {
                acc += row[c] * (in[c] - p->input_zero_point);
            }
            acc = mg_multiply_by_quantized_multiplier(acc, p->feature_multiplier, p->feature_shift);
            acc = mg_clamp(acc, INT16_MIN, INT16_MAX);
            state[(b * p->filters + f) * p->memory + p->memory - 1] = (int16_t)(p->state_zero_point + acc);
        }
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t f = 0; f < p->filters; ++f) {
            const int16_t *history = state + (b * p->filters + f) * p->memory;
            const int16_t *weights = weights_time + f * p->memory;
            int32_t acc = 0;
            for (int32_t m = 0; m < p->memory; ++m) {
                acc += weights[m] * (history[m] - p->state_zero_point);
            }
            scratch[b * p->filters + f] = acc;
        }
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t u = 0; u < units; ++u) {
            int32_t sum = bias[u];
            for (int32_t r = 0; r < p->rank; ++r) {
                sum += scratch[b * p->filters + u * p->rank + r];
            }
            sums[b * units + u] = sum;
        }
    }
    for (int32_t i = 0; i < p->batches * units; ++i) {
        const int32_t value = mg_multiply_by_quantized_multiplier(sums[i], p->output_multiplier, p->output_shift);
        output[i] = (int8_t)mg_clamp(value + p->output_zero_point, INT8_MIN, INT8_MAX);
    }
}
