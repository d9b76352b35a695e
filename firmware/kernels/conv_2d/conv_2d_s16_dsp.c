/* CONV_2D 16x8, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference ConvPerChannel for int16 input
 * (conv_2d_s16.c) with the filter rows against MG_DSP_S16_COLS int16 columns in SMLAD (conv_2d.h). */
#pragma GCC optimize("O3")
#include "conv_2d.h"
#include "mg_dsp_mac.h"
#include "mg_dsp_requant_s16.h"
#include "mg_prepare_weighted.h"

#define COLS MG_DSP_S16_COLS

static int32_t round_up4(int32_t n)
{
    return (n + 3) & ~3;
}

/* Where tap k of column c goes: groups of 4 taps, in each the COLS columns' pairs (x0, x2), (x1, x3). */
static inline int32_t slot(int32_t k, int32_t c)
{
    static const int8_t in_group[4] = {0, 2, 1, 3};
    return (k >> 2) * 4 * COLS + c * 4 + in_group[k & 3];
}

/* Column c: the window of output pixel `pixel` (batch, row, column flattened), taps in (ky, kx, c) order. With a
 * multiple of 4 input channels each group of taps is 4 channels of one input pixel: two words, repacked. */
static void build_column(const mg_conv_geometry *g, const int16_t *input, int32_t pixel, int16_t *cols, int32_t c,
                         int32_t k4)
{
    const int32_t ox = pixel % g->output_width, oy = (pixel / g->output_width) % g->output_height;
    const int32_t b = pixel / (g->output_width * g->output_height);
    const int32_t y0 = oy * g->stride_height - g->pad_height, x0 = ox * g->stride_width - g->pad_width;
    const int16_t *image = input + b * g->input_height * g->input_width * g->input_depth;
    const int32_t depth = g->input_depth;
    uint32_t *pairs = (uint32_t *)cols + 2 * c;
    int32_t k = 0;
    for (int32_t ky = 0; ky < g->filter_height; ++ky) {
        const int32_t y = y0 + ky * g->dilation_height;
        for (int32_t kx = 0; kx < g->filter_width; ++kx) {
            const int32_t x = x0 + kx * g->dilation_width;
            const int inside = y >= 0 && y < g->input_height && x >= 0 && x < g->input_width;
            const int16_t *src = image + (y * g->input_width + x) * depth;
            if (depth % 4 == 0) {
                for (int32_t ch = 0; ch < depth; ch += 4, k += 4) {
                    uint32_t *dst = pairs + (k >> 2) * 2 * COLS;
                    const uint32_t v01 = inside ? dsp_ld32(src + ch) : 0, v23 = inside ? dsp_ld32(src + ch + 2) : 0;
                    dst[0] = dsp_pkhbt(v01, v23); /* (x0, x2) */
                    dst[1] = dsp_pkhtb(v23, v01); /* (x1, x3) */
                }
                continue;
            }
            for (int32_t ch = 0; ch < depth; ++ch, ++k) {
                cols[slot(k, c)] = inside ? src[ch] : 0;
            }
        }
    }
    for (; k < k4; ++k) {
        cols[slot(k, c)] = 0;
    }
}

/* One filter row (k4 taps, a multiple of 4) against the COLS columns: per group of 4 taps one weight word's halves
 * against the four columns' pairs, brought by two LDM (mg_dsp_mac.h). */
#if MG_DSP_NATIVE
#define LOAD_TWO_COLUMNS "ldm %[x]!, {%[x0], %[x1], %[x2], %[x3]}\n\t"
static inline void filter_row(const int8_t *row, const uint32_t *cols, int32_t k4, int32_t acc[COLS])
{
    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    const int8_t *end = row + k4;
    uint32_t lo, hi;
    register uint32_t x0 __asm__("r4"), x1 __asm__("r5"), x2 __asm__("r6"), x3 __asm__("r7"); /* LDM's order */
    __asm__ volatile("1:\n\t"                                                                 /* per group of 4 taps: */
                     MG_DSP_ASM_LOAD_HALVES("%[w]", "%[lo]", "%[hi]")                         /* the weights' halves */
                     LOAD_TWO_COLUMNS                                                         /* columns 0 and 1 */
                         MG_DSP_ASM_MAC4("%[a0]", "%[lo]", "%[hi]", "%[x0]", "%[x1]")         /* column 0 */
                     MG_DSP_ASM_MAC4("%[a1]", "%[lo]", "%[hi]", "%[x2]", "%[x3]")             /* column 1 */
                     LOAD_TWO_COLUMNS                                                         /* columns 2 and 3 */
                         MG_DSP_ASM_MAC4("%[a2]", "%[lo]", "%[hi]", "%[x0]", "%[x1]")         /* column 2 */
                     MG_DSP_ASM_MAC4("%[a3]", "%[lo]", "%[hi]", "%[x2]", "%[x3]")             /* column 3 */
                     "cmp %[w], %[end]\n\t"                                                   /* to the row end */
                     "bne 1b\n\t"
                     : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [w] "+r"(row), [x] "+r"(cols),
                       [lo] "=&r"(lo), [hi] "=&r"(hi), [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3)
                     : [end] "r"(end)
                     : "cc", "memory");
    MG_DSP_ACC4_STORE(acc);
}
#else
static inline void filter_row(const int8_t *row, const uint32_t *cols, int32_t k4, int32_t acc[COLS])
{
    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (int32_t g = 0; g < k4; g += 4, cols += 2 * COLS) {
        const uint32_t w = dsp_ld32(row + g);
        const uint32_t w02 = dsp_sxtb16(w), w13 = dsp_sxtb16_ror8(w);
        a0 = mg_dsp_mac4(a0, w02, w13, cols[0], cols[1]);
        a1 = mg_dsp_mac4(a1, w02, w13, cols[2], cols[3]);
        a2 = mg_dsp_mac4(a2, w02, w13, cols[4], cols[5]);
        a3 = mg_dsp_mac4(a3, w02, w13, cols[6], cols[7]);
    }
    MG_DSP_ACC4_STORE(acc);
}
#endif

/* The n outputs of a channel from their sums (`depth` apart from out): with a fast multiplier SMMULR and the
 * activation's clamp (one SSAT or USAT for no activation or ReLU over a whole column group), the channel's
 * constants and the bounds in registers (stores through out would otherwise make the compiler reload them per
 * output); else mg_dsp_s16_output's reference step. */
static inline void store_outputs(const mg_dsp_s16_channel *channel, mg_requant_s16_step *step, const int32_t *acc,
                                 int32_t n, int16_t *out, int32_t depth)
{
    const mg_dsp_s16_channel ch = *channel;
    if (ch.fast_multiplier) {
        const int32_t low = step->act_min, high = step->act_max;
        if (n == COLS && high == INT16_MAX && (low == INT16_MIN || low == 0)) { /* one SSAT or USAT, unrolled */
            const int relu = low == 0;
            for (int32_t c = 0; c < COLS; ++c) {
                out[c * depth] = (int16_t)mg_dsp_saturate16(dsp_smmulr(acc[c] + ch.bias, ch.fast_multiplier), relu);
            }
            return;
        }
        for (int32_t c = 0; c < n; ++c) {
            out[c * depth] = (int16_t)mg_clamp(dsp_smmulr(acc[c] + ch.bias, ch.fast_multiplier), low, high);
        }
        return;
    }
    for (int32_t c = 0; c < n; ++c) {
        out[c * depth] = mg_dsp_s16_output(&ch, step, acc[c]);
    }
}

void mg_conv_2d_s16_dsp(const mg_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                        const uint8_t *filter_scales, const void *bias, int16_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth, k4 = round_up4(taps);
    const int32_t depth = g->output_depth, pixels = g->batches * g->output_height * g->output_width;
    int16_t *cols = scratch;                         /* the layout of mg_conv_2d_s16_dsp_scratch_size */
    int8_t *last_row = (int8_t *)(cols + COLS * k4); /* the last filter row, zero-padded: no read past it */
    mg_dsp_s16_channel *channels = (mg_dsp_s16_channel *)(last_row + k4);
    for (int32_t k = 0; k < k4; ++k) {
        last_row[k] = k < taps ? filter[(depth - 1) * taps + k] : 0;
    }
    for (int32_t o = 0; o < depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        channels[o] = mg_dsp_s16_channel_of(multiplier, shift, p->accumulator_64, bias, o);
    }
    mg_requant_s16_step step = {p->accumulator_64, 0, 0, 0, p->act_min, p->act_max};
    for (int32_t first = 0; first < pixels; first += COLS) {
        const int32_t n = pixels - first < COLS ? pixels - first : COLS;
        for (int32_t c = 0; c < COLS; ++c) {
            build_column(g, input, first + (c < n ? c : 0), cols, c, k4);
        }
        int16_t *out = output + first * depth;
        const int8_t *row = filter;
        for (int32_t o = 0; o < depth; ++o, row += taps) {
            int32_t acc[COLS];
            filter_row(o == depth - 1 ? last_row : row, (const uint32_t *)cols, k4, acc);
            store_outputs(&channels[o], &step, acc, n, out + o, depth);
        }
    }
}

mg_status mg_conv_2d_s16_dsp_prepare(mg_node *node)
{
    const mg_conv_geometry *g = &((const mg_conv_2d_params *)node->params)->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth;
    return mg_conv_2d_s16_backend_prepare(node, mg_conv_2d_s16_dsp_scratch_size(taps, g->output_depth));
}
