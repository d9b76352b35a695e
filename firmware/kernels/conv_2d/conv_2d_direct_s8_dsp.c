/* CONV_2D int8 in the dsp backend, direct form (conv_2d.h: a depth-1 input, filter rows of whole words, no
 * dilation): no int16 columns. A pixel's window is copied as it is, int8, into the scratch (the zero point where it
 * leaves the input), one run of words; four taps per load, widened and offset by two SXTAB16, meet four output
 * channels at once, whose weights the generator laid out doubled as int16 pairs in the order SXTAB16 gives them:
 * 16 MACs in 15 instructions. The outputs of a pixel are written after its window is copied. */
#pragma GCC optimize("O2")
#include "conv_2d.h"
#include "mg_dsp_requant.h"

#define BLOCK 4 /* output channels per pass over a window */

size_t mg_conv_2d_direct_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width)
{
    return (size_t)filter_height * (size_t)filter_width;
}

static inline int8_t output_value(int32_t acc2, const dsp_channel *ch, int full_range, int32_t act_min, int32_t act_max)
{
    const int32_t v = dsp_requant(acc2, ch->multiplier, ch->offset, ch->shift);
    return (int8_t)(full_range ? dsp_ssat8(v) : dsp_clamp(v, act_min, act_max));
}

/* Four channels of a pixel over `words` words of its staged window, written to out: their doubled sums from the
 * biases of `ch`, requantized and saturated to int8 (the fused activation's clamp is the caller's); w: the block's
 * weights, 8 words a window word, advanced past them. */
static inline __attribute__((always_inline)) void block_outputs(const int8_t *x, int32_t words, uint32_t off2,
                                                                const uint32_t **w, const dsp_channel *ch, int8_t *out)
{
#if MG_DSP_NATIVE
    register int32_t a0 __asm__("r0");
    register int32_t a1 __asm__("r1");
    register int32_t a2 __asm__("r2");
    register int32_t a3 __asm__("r3");
    register const int8_t *xp __asm__("r4") = x;
    register const uint32_t *wp __asm__("r5") = *w;
    register uint32_t off __asm__("r12") = off2;
    register int32_t count __asm__("lr") = words;
    /* the sums: per word one LDR, two SXTAB16, two LDM of four weights and eight SMLAD; then per channel one LDM of
     * its constants and four instructions (mg_dsp_requant.h) */
#define MG_DIRECT_REQUANT(acc)                                                                                         \
    "ldmia r4!, {r6, r7, r8, r9}\n\t"                                                                                  \
    "add r8, r8, " acc ", asr #31\n\t"                                                                                 \
    "smmlar " acc ", " acc ", r7, r8\n\t"                                                                              \
    "asr " acc ", " acc ", r9\n\t"                                                                                     \
    "ssat " acc ", #8, " acc "\n\t"
    const dsp_channel *const channels = ch; /* in memory, as out: no register is left for them */
    __asm__ volatile("ldr r6, %[ch]\n\t"
                     "ldr r0, [r6]\n\t"
                     "ldr r1, [r6, #16]\n\t"
                     "ldr r2, [r6, #32]\n\t"
                     "ldr r3, [r6, #48]\n\t"
                     "0:\n\t"
                     "ldr r6, [r4], #4\n\t"
                     "sxtab16 r7, r12, r6, ror #8\n\t"
                     "sxtab16 r6, r12, r6\n\t"
                     "ldmia r5!, {r8, r9, r10, r11}\n\t"
                     "smlad r0, r6, r8, r0\n\t"
                     "smlad r0, r7, r9, r0\n\t"
                     "smlad r1, r6, r10, r1\n\t"
                     "smlad r1, r7, r11, r1\n\t"
                     "ldmia r5!, {r8, r9, r10, r11}\n\t"
                     "smlad r2, r6, r8, r2\n\t"
                     "smlad r2, r7, r9, r2\n\t"
                     "smlad r3, r6, r10, r3\n\t"
                     "smlad r3, r7, r11, r3\n\t"
                     "subs lr, lr, #1\n\t"
                     "bne 0b\n\t"
                     "ldr r4, %[ch]\n\t" MG_DIRECT_REQUANT("r0") MG_DIRECT_REQUANT("r1") MG_DIRECT_REQUANT("r2")
                         MG_DIRECT_REQUANT("r3") "ldr r4, %[out]\n\t"
                                                 "strb r0, [r4]\n\t"
                                                 "strb r1, [r4, #1]\n\t"
                                                 "strb r2, [r4, #2]\n\t"
                                                 "strb r3, [r4, #3]\n\t"
                     : "=&r"(a0), "=&r"(a1), "=&r"(a2), "=&r"(a3), "+r"(xp), "+r"(wp), "+r"(count)
                     : "r"(off), [ch] "m"(channels), [out] "m"(out)
                     : "r6", "r7", "r8", "r9", "r10", "r11", "cc", "memory");
#undef MG_DIRECT_REQUANT
    (void)a0, (void)a1, (void)a2, (void)a3;
    *w = wp;
#else
    int32_t acc[BLOCK] = {ch[0].bias, ch[1].bias, ch[2].bias, ch[3].bias};
    const uint32_t *wp = *w;
    for (int32_t k = 0; k < words; ++k, x += 4, wp += 2 * BLOCK) {
        const uint32_t u = dsp_ld32(x);
        const uint32_t even = dsp_sxtab16(off2, u), odd = dsp_sxtab16_ror8(off2, u); /* (x0, x2), (x1, x3) */
        for (int32_t c = 0; c < BLOCK; ++c) {
            acc[c] = dsp_smlad(odd, wp[2 * c + 1], dsp_smlad(even, wp[2 * c], acc[c]));
        }
    }
    *w = wp;
    for (int32_t c = 0; c < BLOCK; ++c) {
        out[c] = (int8_t)dsp_ssat8(dsp_requant(acc[c], ch[c].multiplier, ch[c].offset, ch[c].shift));
    }
#endif
}

/* One channel's doubled sum (the channels past the last whole block); w: 2 words a window word. */
static int32_t channel_sum(const int8_t *x, int32_t words, uint32_t off2, const uint32_t *w, int32_t acc)
{
    for (int32_t k = 0; k < words; ++k, x += 4, w += 2) {
        const uint32_t v = dsp_ld32(x);
        acc = dsp_smlad(dsp_sxtab16_ror8(off2, v), w[1], dsp_smlad(dsp_sxtab16(off2, v), w[0], acc));
    }
    return acc;
}

/* `words` words of `to` set to `value`. */
static inline void fill_words(int8_t *to, int32_t words, uint32_t value)
{
    for (; words > 0; --words, to += 4) {
        dsp_st32(to, value);
    }
}

/* The window at (y0, x0), filter_height rows of filter_width, copied to `to` with the zero point outside the
 * image: the rows above and below the image filled by words, a row inside it copied by words when the window's
 * columns are inside it too. (The geometry is read into locals first: every byte stored through `to` might alias
 * it, and GCC reloaded it after each one.) */
static void stage_window(const mg_conv_geometry *g, const int8_t *image, int32_t y0, int32_t x0, int8_t zero,
                         int8_t *to)
{
    const int32_t fh = g->filter_height, fw = g->filter_width, width = g->input_width, row_words = fw / 4;
    const uint32_t zeros = 0x01010101u * (uint8_t)zero;
    const int32_t above = y0 < 0 ? (-y0 < fh ? -y0 : fh) : 0; /* window rows above the image, then below it */
    const int32_t below = y0 + fh > g->input_height
                              ? (y0 + fh - g->input_height < fh - above ? y0 + fh - g->input_height : fh - above)
                              : 0;
    fill_words(to, above * row_words, zeros);
    to += above * fw;
    const int8_t *line = image + (y0 + above) * width;
    if (x0 >= 0 && x0 + fw <= width) {
        for (int32_t rows = fh - above - below; rows > 0; --rows, to += fw, line += width) {
            for (int32_t kx = 0; kx < fw; kx += 4) {
                dsp_st32(to + kx, dsp_ld32(line + x0 + kx));
            }
        }
    } else {
        const int32_t inside_from = x0 < 0 ? -x0 : 0, inside_to = width - x0 < fw ? width - x0 : fw;
        for (int32_t rows = fh - above - below; rows > 0; --rows, to += fw, line += width) {
            int32_t kx = 0;
            for (; kx < inside_from; ++kx) {
                to[kx] = zero;
            }
            for (; kx < inside_to; ++kx) {
                to[kx] = line[x0 + kx];
            }
            for (; kx < fw; ++kx) {
                to[kx] = zero;
            }
        }
    }
    fill_words(to, below * row_words, zeros);
}

void mg_conv_2d_direct_s8_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, int8_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t words = g->filter_height * g->filter_width / 4, depth = g->output_depth, blocks = depth / BLOCK;
    const uint32_t off2 = dsp_pair(p->input_offset, p->input_offset);
    const int full_range = p->act_min == -128 && p->act_max == 127;
    const dsp_channel *channels = (const dsp_channel *)p->channels;
    const uint32_t *weights = (const uint32_t *)p->direct_weights;
    int8_t *window = scratch;
    for (int32_t b = 0; b < g->batches; ++b) {
        const int8_t *image = input + b * g->input_height * g->input_width;
        for (int32_t oy = 0; oy < g->output_height; ++oy) {
            const int32_t y0 = oy * g->stride_height - g->pad_height;
            for (int32_t ox = 0; ox < g->output_width; ++ox, output += depth) {
                stage_window(g, image, y0, ox * g->stride_width - g->pad_width, (int8_t)-p->input_offset, window);
                const uint32_t *w = weights;
                int32_t o = 0;
                for (; o < blocks * BLOCK; o += BLOCK) {
                    block_outputs(window, words, off2, &w, channels + o, output + o);
                }
                for (int32_t c = 0; c < o && !full_range; ++c) { /* the fused activation's clamp */
                    output[c] = (int8_t)dsp_clamp(output[c], p->act_min, p->act_max);
                }
                for (; o < depth; ++o, w += 2 * words) {
                    const int32_t acc = channel_sum(window, words, off2, w, channels[o].bias);
                    output[o] = output_value(acc, &channels[o], full_range, p->act_min, p->act_max);
                }
            }
        }
    }
}
