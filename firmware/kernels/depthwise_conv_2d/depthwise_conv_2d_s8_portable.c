/* DEPTHWISE_CONV_2D int8 in the portable backend (depthwise_conv_2d.h): pixel by pixel, and per pixel output
 * channels four at a time (depth multiplier 1; the rest one by one), each group read from its input channels'
 * windows and then written (taps in the padding read a generated row of the input zero point, which adds nothing
 * once the input offset is folded into the bias). Pixel order as the reference float kernel's, so an output may
 * start below its input as there; above it when the rows run last first (reverse_rows). */
/* The firmware builds with -Os, whose code for these loops spills and reloads (half again the instructions); the
 * portable backend's hot loops ask GCC for -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_portable_dot.h"

#if defined(__ARM_ARCH_6M__)
#define MG_PORTABLE_DW_GROUPS 0 /* group_sums */
#else
#define MG_PORTABLE_DW_GROUPS 1
#endif

/* x * w summed over the taps of one output channel: tap t's value lies at at + offset[t] (the window's pixel, or
 * the padding row, as an address difference: the row is generated, in flash), its weight at w[4 * t] (the
 * generated layout: per group of four output channels, per tap the four channels' weights side by side). */
static inline int32_t taps_sum(uintptr_t at, const intptr_t *offset, const int8_t *w, int32_t taps)
{
    uint32_t sum = 0;
    if (taps == 9) { /* written out: GCC unrolls the loop below for ARMv7-M only */
#define MG_PORTABLE_TAP(t) ((uint32_t)(*(const int8_t *)(at + (uintptr_t)offset[t]) * w[4 * (t)]))
        sum = MG_PORTABLE_TAP(0) + MG_PORTABLE_TAP(1) + MG_PORTABLE_TAP(2) + MG_PORTABLE_TAP(3) + MG_PORTABLE_TAP(4);
        return (int32_t)(sum + MG_PORTABLE_TAP(5) + MG_PORTABLE_TAP(6) + MG_PORTABLE_TAP(7) + MG_PORTABLE_TAP(8));
#undef MG_PORTABLE_TAP
    }
    for (int32_t t = 0; t < taps; ++t, w += MG_PORTABLE_GROUP) {
        sum += (uint32_t)(*(const int8_t *)(at + (uintptr_t)offset[t]) * *w);
    }
    return (int32_t)sum;
}

/* The same for a group of four neighbouring channels (depth multiplier 1): per tap one address serves four
 * products with the group's four weights (w, 4 bytes a tap), and the four sums stay in registers. A call of its
 * own, so that GCC keeps one pointer per tap instead of nine induction pointers spilled around the group loop. Not
 * on ARMv6-M: with eight low registers and no immediate offset for LDRSB, GCC's code for it spills (more
 * instructions than channel by channel). */
#define MG_PORTABLE_TAP4(t)                                                                                            \
    do {                                                                                                               \
        const int8_t *v = x + offset[t];                                                                               \
        s0 += (uint32_t)(v[0] * w[4 * (t)]);                                                                           \
        s1 += (uint32_t)(v[1] * w[4 * (t) + 1]);                                                                       \
        s2 += (uint32_t)(v[2] * w[4 * (t) + 2]);                                                                       \
        s3 += (uint32_t)(v[3] * w[4 * (t) + 3]);                                                                       \
    } while (0)
__attribute__((noinline)) static void group_sums(const int8_t *x, const intptr_t *offset, const int8_t *w, int32_t taps,
                                                 uint32_t sums[MG_PORTABLE_GROUP])
{
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    if (taps == 9) { /* written out */
        MG_PORTABLE_TAP4(0);
        MG_PORTABLE_TAP4(1);
        MG_PORTABLE_TAP4(2);
        MG_PORTABLE_TAP4(3);
        MG_PORTABLE_TAP4(4);
        MG_PORTABLE_TAP4(5);
        MG_PORTABLE_TAP4(6);
        MG_PORTABLE_TAP4(7);
        MG_PORTABLE_TAP4(8);
    } else {
        for (int32_t t = 0; t < taps; ++t) {
            MG_PORTABLE_TAP4(t);
        }
    }
    sums[0] = s0;
    sums[1] = s1;
    sums[2] = s2;
    sums[3] = s3;
}
#undef MG_PORTABLE_TAP4

/* Output channel o of the pixel from its sum: the folded bias, TFLite's requantization, offset and clamp. */
static inline int8_t requantized(const mg_depthwise_conv_2d_portable_params *p, int32_t o, uint32_t sum)
{
    const int32_t *requant = p->requant + o * p->requant_step;
    const int32_t acc = (int32_t)((uint32_t)p->folded[o] + sum);
    const int32_t scaled = MG_PORTABLE_REQUANTIZE(acc, requant[0], requant[1], requant[2]);
    return (int8_t)mg_clamp(scaled + p->output_offset, p->act_min, p->act_max);
}

void mg_depthwise_conv_2d_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                      int8_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->input_depth;
    const int32_t multiplier = g->output_depth / depth;
    const int32_t taps = g->filter_height * g->filter_width;
    const int8_t *weights = (const int8_t *)p->weights;
    const int8_t *padding = (const int8_t *)p->padding;
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
            const uintptr_t at = (uintptr_t)image;
            int32_t o = 0;
            if (multiplier == 1 && MG_PORTABLE_DW_GROUPS) { /* output channel o reads input channel o */
                for (; o + MG_PORTABLE_GROUP <= depth; o += MG_PORTABLE_GROUP, out += MG_PORTABLE_GROUP) {
                    uint32_t sums[MG_PORTABLE_GROUP];
                    group_sums(image + o, offset, weights + o * taps, taps, sums);
                    mg_portable_requant(sums, 0, p->folded + o, p->requant + o * p->requant_step, p->requant_step,
                                        MG_PORTABLE_GROUP, p->output_offset, p->act_min, p->act_max, out);
                }
            }
            for (int32_t c = multiplier == 1 ? o : 0, m = 0; o < g->output_depth; ++o) {
                const int8_t *w = weights + (o & ~(MG_PORTABLE_GROUP - 1)) * taps + (o & (MG_PORTABLE_GROUP - 1));
                *out++ = requantized(p, o, (uint32_t)taps_sum(at + (uintptr_t)c, offset, w, taps));
                if (++m == multiplier) {
                    m = 0;
                    ++c;
                }
            }
        }
    }
}
