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
#include "mg_portable_dw.h"

#if defined(__ARM_ARCH_6M__)
#define MG_PORTABLE_DW_GROUPS 0 /* group_sums */
/* Rows of 3x3 windows (rows3x3) where they beat the pixel by pixel kernel, measured on the models' layers: on
 * ARMv6-M (its row sums in assembly) from 5 outputs wide, elsewhere from 5 with stride 1 and from 8 with larger
 * strides. */
#define MG_PORTABLE_DW_ROWS(width, stride) ((width) >= 5)
#else
#define MG_PORTABLE_DW_GROUPS 1
#define MG_PORTABLE_DW_ROWS(width, stride) ((width) >= 8 || ((width) >= 5 && (stride) == 1))
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
    const int32_t scaled =
        MG_PORTABLE_REQUANTIZE(acc, requant[0], mg_portable_left(requant), mg_portable_right(requant));
    return (int8_t)mg_clamp(scaled + p->output_offset, p->act_min, p->act_max);
}

/* The rows kernel's staged columns and sums (rows3x3), or 0 where it does not apply. */
static int32_t rows_bytes(int32_t filter_height, int32_t filter_width, int32_t multiplier, int32_t dilation_width,
                          int32_t stride_width, int32_t output_width)
{
    const int32_t bytes = 8 * ((output_width - 1) * stride_width + 3);
    const int applies = filter_height == 3 && filter_width == 3 && multiplier == 1 && dilation_width == 1 &&
                        output_width >= MG_PORTABLE_DW_ROW_MIN_WIDTH && bytes <= MG_PORTABLE_DW_ROW_SCRATCH;
    return applies ? bytes : 0;
}

/* One size for all cores (the host computes it): the larger of the rows kernel's and the planes kernel's, although
 * ARMv6-M runs the rows kernel only. */
size_t mg_depthwise_conv_2d_s8_portable_scratch_size(int32_t filter_height, int32_t filter_width, int32_t multiplier,
                                                     int32_t dilation_height, int32_t dilation_width,
                                                     int32_t stride_height, int32_t stride_width, int32_t output_height,
                                                     int32_t output_width)
{
    const int32_t rows =
        rows_bytes(filter_height, filter_width, multiplier, dilation_width, stride_width, output_width);
    const int32_t planes = (int32_t)mg_depthwise_conv_2d_3x3_planes_s8_portable_scratch_size(
        filter_height, filter_width, multiplier, dilation_height, dilation_width, stride_height, stride_width,
        output_height, output_width);
    return (size_t)(rows > planes ? rows : planes);
}

/* Words from one staged column to the next (depthwise_conv_2d.h). The row's sums go after the columns on ARMv7-M
 * (4 bytes a column, then 4 an output), over them elsewhere (8 bytes a column): the padding columns are staged
 * again for every channel there. */
#define MG_PORTABLE_DW_WORDS (MG_PORTABLE_DW_COLUMN / 4)
#if defined(__ARM_ARCH_7M__)
#define MG_PORTABLE_DW_SUMS_APART 1
#else
#define MG_PORTABLE_DW_SUMS_APART 0
#endif

/* One channel's image columns [first, last) staged (MG_PORTABLE_DW_STAGE_BIAS): from one pointer into the first
 * row the window reads inside the image (offsets to the others), rows in the padding masked out of the word and
 * replaced by the zero point. */
__attribute__((noinline)) static void stage_columns(const uint8_t *at, int32_t step, int32_t off1, int32_t off2,
                                                    uint32_t mask, uint32_t pad, mg_portable_word *to, int32_t count)
{
    const uint32_t bias = MG_PORTABLE_DW_STAGE_BIAS;
    mg_portable_word *end = to + MG_PORTABLE_DW_WORDS * count;
    if (mask == 0xFFFFFFu) {
        for (; to < end; to += MG_PORTABLE_DW_WORDS, at += step) {
            *to = ((uint32_t)at[0] | (uint32_t)at[off1] << 8 | (uint32_t)at[off2] << 16) ^ bias;
        }
        return;
    }
    for (; to < end; to += MG_PORTABLE_DW_WORDS, at += step) {
        *to = ((((uint32_t)at[0] | (uint32_t)at[off1] << 8 | (uint32_t)at[off2] << 16) & mask) | pad) ^ bias;
    }
}

/* The padding columns (before `first`, from `last`) as the input zero point's `value`. */
static inline void stage_padding(mg_portable_word *staged, int32_t first, int32_t last, int32_t cols, uint32_t value)
{
    for (int32_t j = 0; j < first; ++j) {
        staged[MG_PORTABLE_DW_WORDS * j] = value;
    }
    for (int32_t j = last; j < cols; ++j) {
        staged[MG_PORTABLE_DW_WORDS * j] = value;
    }
}

/* Channel c's outputs along a row from its window sums: act_min below the generator's first threshold, act_max
 * above its last, in between TFLite's requantization, which lands inside the range unclamped. ARMv7-M takes the
 * rounding of a right shift from the 64-bit product, floor((a * m + 2^30 + 2^(30 + right) - 2^31 [a < 0]) /
 * 2^(31 + right)) (mg_portable_dot.h), its high word; ARMv6-M (no long multiply) the narrow version's three
 * products without its clamps. */
__attribute__((noinline)) static void requant_row(const mg_depthwise_conv_2d_portable_params *p, int32_t c,
                                                  const uint32_t *acc, int32_t n, int8_t *out, int32_t step)
{
    const int32_t *rq = p->requant + c * p->requant_step;
    const uint32_t folded = (uint32_t)p->folded[c] - mg_portable_dw_staging_bias(p, c);
    const int32_t m = rq[0], left = mg_portable_left(rq), right = mg_portable_right(rq);
    const int32_t offset = p->output_offset, lo = p->act_min, hi = p->act_max;
    const int32_t first = p->thresholds[2 * c], last = p->thresholds[2 * c + 1];
#define MG_PORTABLE_DW_OUTPUTS(inside)                                                                                 \
    for (int32_t i = 0; i < n; ++i, out += step) {                                                                     \
        const int32_t a = (int32_t)(acc[i] + folded);                                                                  \
        *out = (int8_t)(a < first ? lo : a > last ? hi : (inside) + offset);                                           \
    }
#if defined(__ARM_ARCH_7M__)
    if (right > 0) {
        const int64_t k = mg_portable_rounding(right);
        MG_PORTABLE_DW_OUTPUTS(mg_portable_high_word(a, m, left, k) >> (right - 1))
        return;
    }
#endif
    MG_PORTABLE_DW_OUTPUTS(MG_PORTABLE_REQUANTIZE_INSIDE(a, m, left, right))
#undef MG_PORTABLE_DW_OUTPUTS
}

/* 3x3 filters, depth multiplier 1, no dilation across (mg_depthwise_conv_2d_s8_portable_scratch_size): row by row
 * (the rows' order as the pixel order's, so the same overlaps hold), and in a row channel by channel: the channel's
 * three input rows staged column by column into words (the padding as the input zero point), its window sums along
 * the row (mg_depthwise_conv_2d_3x3_row_s8_portable), then its outputs. */
static void rows3x3(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input, int8_t *output,
                    uint8_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->input_depth, width = g->input_width;
    const int32_t cols = (g->output_width - 1) * g->stride_width + 3;
    mg_portable_word *staged = (mg_portable_word *)(void *)scratch;
    const int8_t *padding = (const int8_t *)p->padding;
    const uint32_t pad = (uint32_t)(uint8_t)padding[0] * 0x010101u;
    /* the staged columns [first, last) read the image, the others are padding */
    const int32_t first = g->pad_width < cols ? g->pad_width : cols;
    const int32_t last = width + g->pad_width < cols ? width + g->pad_width : cols;
    const uint32_t padded = pad ^ MG_PORTABLE_DW_STAGE_BIAS;
    uint32_t *sums = (uint32_t *)(void *)(scratch + (MG_PORTABLE_DW_SUMS_APART ? 4 * cols : 0));
    if (MG_PORTABLE_DW_SUMS_APART) {
        stage_padding(staged, first, last, cols, padded);
    }
    const int32_t lines = g->batches * g->output_height;
    for (int32_t n = 0; n < lines; ++n) {
        const int32_t line = p->reverse_rows ? lines - 1 - n : n;
        const int32_t b = line / g->output_height, oy = line % g->output_height;
        const int8_t *image = input + b * g->input_height * width * depth;
        int8_t *out = output + line * g->output_width * depth;
        /* the window's rows: the first inside the image (or the padding row, none being inside), the others'
         * offsets from it (0 for rows in the padding, masked out) */
        const int8_t *base = padding;
        int32_t based = -1, offsets[3] = {0, 0, 0}, step = 0;
        uint32_t mask = 0, pad_bytes = 0;
        for (int32_t ky = 0; ky < 3; ++ky) {
            const int32_t iy = oy * g->stride_height - g->pad_height + ky * g->dilation_height;
            if (iy < 0 || iy >= g->input_height) {
                pad_bytes |= (pad & 0xFFu) << (8 * ky);
                continue;
            }
            if (based < 0) {
                based = iy;
                base = image + (iy * width + first - g->pad_width) * depth;
                step = depth;
            }
            offsets[ky] = (iy - based) * width * depth;
            mask |= 0xFFu << (8 * ky);
        }
        for (int32_t c = 0; c < depth; ++c) {
            if (!MG_PORTABLE_DW_SUMS_APART) {
                stage_padding(staged, first, last, cols, padded);
            }
            stage_columns((const uint8_t *)base + c, step, offsets[1], offsets[2], mask, pad_bytes,
                          staged + MG_PORTABLE_DW_WORDS * first, last - first);
            mg_depthwise_conv_2d_3x3_row_s8_portable(scratch, g->output_width, MG_PORTABLE_DW_COLUMN * g->stride_width,
                                                     mg_portable_dw_weights(p, c), sums);
            requant_row(p, c, sums, g->output_width, out + c, depth);
        }
    }
}

void mg_depthwise_conv_2d_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                      int8_t *output, uint8_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t multiplier = g->output_depth / g->input_depth;
#if !defined(__ARM_ARCH_6M__)
    if (p->thresholds && mg_depthwise_conv_2d_3x3_planes_s8_portable_scratch_size(
                             g->filter_height, g->filter_width, multiplier, g->dilation_height, g->dilation_width,
                             g->stride_height, g->stride_width, g->output_height, g->output_width)) {
        mg_depthwise_conv_2d_3x3_planes_s8_portable(p, input, output, scratch);
        return;
    }
#endif
    if (p->thresholds &&
        rows_bytes(g->filter_height, g->filter_width, multiplier, g->dilation_width, g->stride_width,
                   g->output_width) &&
        MG_PORTABLE_DW_ROWS(g->output_width, g->stride_width)) {
        rows3x3(p, input, output, scratch);
        return;
    }
    const int32_t depth = g->input_depth;
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
                                        MG_PORTABLE_GROUP, p->thresholds ? p->thresholds + 2 * o : 0, p->output_offset,
                                        p->act_min, p->act_max, out);
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
