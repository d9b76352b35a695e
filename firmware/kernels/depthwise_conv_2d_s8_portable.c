/* DEPTHWISE_CONV_2D int8 in the portable backend (depthwise_conv_2d.h): pixel by pixel, and per pixel output
 * channel by output channel, each read from its own input channel's window and written at once (taps in the
 * padding read a generated row of the input zero point, which adds nothing once the input offset is folded into
 * the bias) (the reference
 * float kernel's order, so an output may start below its input as there; above it when the rows run last first,
 * reverse_rows). */
/* The firmware builds with -Os, whose code for these loops spills and reloads (half again the instructions); the
 * portable backend's hot loops ask GCC for -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_portable_dot.h"

/* x * w summed over the taps of channel c: tap t's value lies at at + offset[t] (the window's pixel, or the padding
 * row, as an address difference: the row is generated, in flash), its weight at w[t]. */
static inline int32_t taps_sum(uintptr_t at, const intptr_t *offset, const int8_t *w, int32_t taps)
{
    uint32_t sum = 0;
    for (int32_t t = 0; t < taps; ++t) {
        sum += (uint32_t)(*(const int8_t *)(at + (uintptr_t)offset[t]) * w[t]);
    }
    return (int32_t)sum;
}

/* Written out: GCC unrolls the loop above for ARMv7-M only. */
#define MG_PORTABLE_TAP(t) ((uint32_t)(*(const int8_t *)(at + (uintptr_t)offset[t]) * w[t]))
static inline int32_t taps_sum_3x3(uintptr_t at, const intptr_t *offset, const int8_t *w)
{
    uint32_t sum = MG_PORTABLE_TAP(0) + MG_PORTABLE_TAP(1) + MG_PORTABLE_TAP(2);
    sum += MG_PORTABLE_TAP(3) + MG_PORTABLE_TAP(4) + MG_PORTABLE_TAP(5);
    return (int32_t)(sum + MG_PORTABLE_TAP(6) + MG_PORTABLE_TAP(7) + MG_PORTABLE_TAP(8));
}
#undef MG_PORTABLE_TAP

void mg_depthwise_conv_2d_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                      int8_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->input_depth;
    const int32_t multiplier = g->output_depth / depth;
    const int32_t taps = g->filter_height * g->filter_width;
    const int8_t *weights = (const int8_t *)p->weights;
    const int8_t *padding = (const int8_t *)p->padding;
    const int is_3x3 = g->filter_height == 3 && g->filter_width == 3;
    const int32_t lines = g->batches * g->output_height; /* output rows, over all batches */
    for (int32_t n = 0; n < lines; ++n) {
        const int32_t line = p->reverse_rows ? lines - 1 - n : n;
        const int32_t b = line / g->output_height, oy = line % g->output_height;
        const int8_t *image = input + b * g->input_height * g->input_width * depth;
        int8_t *out = output + line * g->output_width * g->output_depth;
        for (int32_t ox = 0; ox < g->output_width; ++ox) {
            intptr_t offset[MG_PORTABLE_DW_MAX_TAPS];
            for (int32_t ky = 0, t = 0; ky < g->filter_height; ++ky) {
                const int32_t iy = oy * g->stride_height - g->pad_height + ky * g->dilation_height;
                for (int32_t kx = 0; kx < g->filter_width; ++kx, ++t) {
                    const int32_t ix = ox * g->stride_width - g->pad_width + kx * g->dilation_width;
                    const int inside = iy >= 0 && iy < g->input_height && ix >= 0 && ix < g->input_width;
                    const int8_t *at = inside ? image + (iy * g->input_width + ix) * depth : padding;
                    offset[t] = (intptr_t)((uintptr_t)at - (uintptr_t)image);
                }
            }
            const int8_t *w = weights;
            const int32_t *folded = p->folded, *requant = p->requant;
            for (int32_t c = 0; c < depth; ++c) {
                for (int32_t m = 0; m < multiplier; ++m, w += taps, ++folded, requant += p->requant_step) {
                    const uintptr_t at = (uintptr_t)image + (uintptr_t)c;
                    const int32_t sum = is_3x3 ? taps_sum_3x3(at, offset, w) : taps_sum(at, offset, w, taps);
                    const int32_t acc = (int32_t)((uint32_t)*folded + (uint32_t)sum);
                    const int32_t scaled = mg_portable_multiply(acc, requant[0], requant[1], requant[2]);
                    *out++ = (int8_t)mg_clamp(scaled + p->output_offset, p->act_min, p->act_max);
                }
            }
        }
    }
}
