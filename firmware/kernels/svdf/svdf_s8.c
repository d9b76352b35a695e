/* SVDF int8 with int16 or int8 state and time weights (TFLite Micro's EvalIntegerSvdfReference<int16_t> and
 * <int8_t>): the feature products rescaled into the state's newest column, the time products per filter into
 * scratch, their sums per unit over the rank plus the bias, rescaled to the int8 output. No fused activation on
 * this path, as in TFLite Micro. One body for both state types, made twice with the type a constant (a per-element
 * test of the type took half the kernel's instructions: keyword_scrambled's SVDF nodes on the M4, 310,230 -> see
 * docs/kernels.md). */
/* -Os spills the sums of these loops (12 instructions a feature MAC), and GCC would make the state's shift one
 * element down a call to memmove, which copies the unaligned int16 state byte by byte. */
#pragma GCC optimize("O2", "no-tree-loop-distribute-patterns")
#include "mg_fixedpoint.h"
#include "svdf.h"

static inline __attribute__((always_inline)) int32_t element(const void *values, int32_t i, int is_int8)
{
    return is_int8 ? ((const int8_t *)values)[i] : ((const int16_t *)values)[i];
}

/* The state type's cast of a value already clamped to its range (plus the zero point, as TFLite Micro stores). */
static inline __attribute__((always_inline)) void store(void *values, int32_t i, int32_t value, int is_int8)
{
    if (is_int8) {
        ((int8_t *)values)[i] = (int8_t)value;
    } else {
        ((int16_t *)values)[i] = (int16_t)value;
    }
}

static inline __attribute__((always_inline)) void svdf(const mg_svdf_params *p, const int8_t *input,
                                                       const int8_t *weights_feature, const void *weights_time,
                                                       const int32_t *bias, void *state, int8_t *output,
                                                       int32_t *scratch, int is_int8)
{
    const int32_t units = p->filters / p->rank, memory = p->memory, size = p->input_size;
    const int32_t input_zero_point = p->input_zero_point, state_zero_point = p->state_zero_point;
    const int32_t state_min = is_int8 ? INT8_MIN : INT16_MIN, state_max = is_int8 ? INT8_MAX : INT16_MAX;
    int32_t *sums = scratch + p->batches * p->filters;
    for (int32_t i = 1, n = p->batches * p->filters * memory; i < n; ++i) {
        store(state, i - 1, element(state, i, is_int8), is_int8);
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in = input + b * size;
        for (int32_t f = 0; f < p->filters; ++f) {
            const int8_t *row = weights_feature + f * size;
            int32_t acc = 0;
            for (int32_t c = 0; c < size; ++c) {
                acc += row[c] * (in[c] - input_zero_point);
            }
            acc = mg_multiply_by_quantized_multiplier(acc, p->feature_multiplier, p->feature_shift);
            acc = mg_clamp(acc, state_min, state_max);
            store(state, (b * p->filters + f) * memory + memory - 1, state_zero_point + acc, is_int8);
        }
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t f = 0; f < p->filters; ++f) {
            const int32_t history = (b * p->filters + f) * memory;
            int32_t acc = 0;
            for (int32_t m = 0; m < memory; ++m) {
                acc += element(weights_time, f * memory + m, is_int8) *
                       (element(state, history + m, is_int8) - state_zero_point);
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

void mg_svdf_s8(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature, const void *weights_time,
                const int32_t *bias, void *state, int8_t *output, int32_t *scratch)
{
    if (p->state_bytes == 1) {
        svdf(p, input, weights_feature, weights_time, bias, state, output, scratch, 1);
    } else {
        svdf(p, input, weights_feature, weights_time, bias, state, output, scratch, 0);
    }
}
