/* The int8 FULLY_CONNECTED of the reference kernels, over int8 weights (fully_connected_s8.c) or int4 weights
 * widened pair of rows by pair of rows into scratch (fully_connected_s4.c): one body, two type files, so that a
 * firmware links only the one its nodes use (generator/emit/pruning.py). */
#ifndef MG_FULLY_CONNECTED_INT8_H
#define MG_FULLY_CONNECTED_INT8_H

#include "fully_connected.h"
#include "mg_fixedpoint.h"
#include "mg_int4.h"
#include "mg_requant.h"

/* Output channels are the outer loop, two at a time: each input element is read once for both (dot_pair), and
 * each channel's multiplier and shift is computed once per invoke. int8 weights are symmetric (no weight offset);
 * TFLite adds the bias after the sum, the same int32 sum. */

/* The inner products of weight rows w0 and w1 with x + input_offset, two taps per step, into sums[0], sums[1]. */
static __attribute__((noinline)) void dot_pair(const int8_t *x, const int8_t *w0, const int8_t *w1, int32_t n,
                                               int32_t input_offset, int32_t *sums)
{
    int32_t acc0 = 0, acc1 = 0;
    for (const int8_t *end = x + (n & ~1); x != end;) {
        const int32_t a = *x++ + input_offset, b = *x++ + input_offset;
        acc0 += *w0++ * a;
        acc1 += *w1++ * a;
        acc0 += *w0++ * b;
        acc1 += *w1++ * b;
    }
    if (n & 1) {
        const int32_t a = *x + input_offset;
        acc0 += *w0 * a;
        acc1 += *w1 * a;
    }
    sums[0] = acc0;
    sums[1] = acc1;
}

static inline mg_requantizer channel_requantizer(const mg_fully_connected_params *p, const uint8_t *weight_scales,
                                                 int32_t o)
{
    int32_t multiplier = p->output_multiplier, shift = p->output_shift;
    if (p->per_channel) {
        mg_requant_channel(p->input_scale, p->output_scale, weight_scales, 1, o, &multiplier, &shift);
    }
    return mg_requantizer_make(multiplier, shift);
}

static inline int8_t output_value(const mg_fully_connected_params *p, const mg_requantizer *q, int32_t acc)
{
    return (int8_t)mg_clamp(mg_requantizer_apply(q, acc) + p->output_offset, p->act_min, p->act_max);
}

/* The int8 kernel (int4_rows 0: `weights` int8) and the int4 one (`weights` packed, mg_int4.h: each pair of rows
 * widened into int4_rows first, 2 * accum_depth bytes). */
static inline __attribute__((always_inline)) void
mg_fully_connected_int8(const mg_fully_connected_params *p, const int8_t *input, const void *weights,
                        const uint8_t *weight_scales, const int32_t *bias, int8_t *output, int8_t *int4_rows)
{
    const int32_t depth = p->shape.accum_depth, out_depth = p->shape.output_depth, batches = p->shape.batches;
    int32_t o = 0;
    for (; o + 1 < out_depth; o += 2) {
        const mg_requantizer q0 = channel_requantizer(p, weight_scales, o);
        const mg_requantizer q1 = channel_requantizer(p, weight_scales, o + 1);
        const int32_t bias0 = bias ? bias[o] : 0, bias1 = bias ? bias[o + 1] : 0;
        const int8_t *w0 = (const int8_t *)weights + o * depth;
        if (int4_rows) {
            mg_unpack_int4(weights, o * depth, 2 * depth, int4_rows);
            w0 = int4_rows;
        }
        for (int32_t b = 0; b < batches; ++b) {
            int32_t sums[2];
            dot_pair(input + b * depth, w0, w0 + depth, depth, p->input_offset, sums);
            output[b * out_depth + o] = output_value(p, &q0, bias0 + sums[0]);
            output[b * out_depth + o + 1] = output_value(p, &q1, bias1 + sums[1]);
        }
    }
    if (o < out_depth) { /* an odd last channel */
        const mg_requantizer q = channel_requantizer(p, weight_scales, o);
        const int32_t channel_bias = bias ? bias[o] : 0;
        const int8_t *w = (const int8_t *)weights + o * depth;
        if (int4_rows) {
            mg_unpack_int4(weights, o * depth, depth, int4_rows);
            w = int4_rows;
        }
        for (int32_t b = 0; b < batches; ++b) {
            const int32_t acc = channel_bias + mg_dot_s8(input + b * depth, w, depth, p->input_offset);
            output[b * out_depth + o] = output_value(p, &q, acc);
        }
    }
}

#endif
