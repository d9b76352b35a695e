#pragma GCC optimize("O2")
#include "depthwise_conv_2d.h"
#include "mg_dsp_requant.h"

#define BLOCK MG_DSP_DW_BLOCK
#define WEIGHTS MG_DSP_DW_WEIGHTS
#define COLUMN_WORDS (BLOCK * 2) /* words per ring column: BLOCK cells of two words */

/* Row y of the image (zeros outside it) into ring slot y % 3 of the block's cells (width per ring row),
 * channels [c0, c0 + nb). */
static void load_row(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *image, int32_t y, uint32_t *cells,
                     int32_t c0, int32_t nb, int32_t width)
{
    const int32_t slot = ((y % 3) + 3) % 3;
    int16_t *const base = (int16_t *)cells + slot;
    if (y < 0 || y >= p->geometry.input_height) {
        for (int32_t xp = 0; xp < width; ++xp) {
            int16_t *q = base + xp * COLUMN_WORDS * 2;
            for (int32_t c = 0; c < nb; ++c) {
                q[4 * c] = 0;
            }
        }
        return;
    }
    const int32_t depth = p->geometry.input_depth, pad = p->geometry.pad_width;
    const int32_t x_end = p->geometry.input_width < width - pad ? p->geometry.input_width : width - pad;
    const uint32_t off2 = dsp_pair(p->input_offset, p->input_offset);
    const int8_t *src = image + y * p->geometry.input_width * depth + c0;
    if (nb == BLOCK) { /* the usual case, unrolled */
        for (int32_t x = 0; x < x_end; ++x, src += depth) {
            int16_t *q = base + (x + pad) * COLUMN_WORDS * 2;
#pragma GCC unroll 4
            for (int32_t c = 0; c < BLOCK; c += 4, q += 16) {
                const uint32_t w = dsp_ld32(src + c);
                const uint32_t lo = dsp_sxtab16(off2, w), hi = dsp_sxtab16_ror8(off2, w);
                q[0] = (int16_t)lo;
                q[4] = (int16_t)hi;
                q[8] = (int16_t)(lo >> 16);
                q[12] = (int16_t)(hi >> 16);
            }
        }
        return;
    }
    for (int32_t x = 0; x < x_end; ++x, src += depth) {
        int16_t *q = base + (x + pad) * COLUMN_WORDS * 2;
        int32_t c = 0;
        for (; c + 4 <= nb; c += 4, q += 16) {
            const uint32_t w = dsp_ld32(src + c);
            const uint32_t lo = dsp_sxtab16(off2, w), hi = dsp_sxtab16_ror8(off2, w); /* (c, c+2), (c+1, c+3) */
            q[0] = (int16_t)lo;
            q[4] = (int16_t)hi;
            q[8] = (int16_t)(lo >> 16);
            q[12] = (int16_t)(hi >> 16);
        }
        for (; c < nb; ++c, q += 4) {
            q[0] = (int16_t)(src[c] + p->input_offset);
        }
    }
}

/* The three rotation tables of a block: with the window's first row in slot r, slot s holds filter row
 * (s - r) % 3. Per channel: the slot 0/1 weight pairs of the three tap columns, then the slot 2 weights (columns
 * 0 and 1, then 2), all doubled. */
static void build_tables(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *filter, int32_t c0, int32_t nb,
                         int32_t *tables)
{
    const int32_t depth = p->geometry.input_depth;
    for (int32_t r = 0; r < 3; ++r) {
        const int32_t ky0 = (3 - r) % 3, ky1 = (4 - r) % 3, ky2 = (5 - r) % 3;
        int32_t *t = tables + r * BLOCK * WEIGHTS;
        for (int32_t c = 0; c < nb; ++c, t += WEIGHTS) {
            const int8_t *f = filter + c0 + c;
#define W(ky, kx) (2 * f[((ky)*3 + (kx)) * depth])
            t[0] = (int32_t)dsp_pair(W(ky0, 0), W(ky1, 0));
            t[1] = (int32_t)dsp_pair(W(ky0, 1), W(ky1, 1));
            t[2] = (int32_t)dsp_pair(W(ky0, 2), W(ky1, 2));
            t[3] = (int32_t)dsp_pair(W(ky2, 0), W(ky2, 1));
            t[4] = (int32_t)dsp_pair(W(ky2, 2), 0);
#undef W
        }
    }
}

/* One output row of the block: out_width pixels of nb channels, each from its window's first cell column; ch: the
 * block's first channel's constants. */
static inline __attribute__((always_inline)) void output_row(const uint32_t *cells, const int32_t *t,
                                                             const dsp_channel *ch, int8_t *out, int32_t nb,
                                                             int32_t out_width, int32_t cell_step, int32_t depth,
                                                             int full_range, int32_t act_min, int32_t act_max)
{
#if MG_DSP_NATIVE
    /* per channel: one LDM of the weights, the bias, three LDRD of cells, six MACs, one LDM of the constants */
    struct {
        const int32_t *t;
        const dsp_channel *ch;
        int32_t cell_step; /* bytes from the end of one pixel's cells to the next pixel's */
        int32_t out_step;
        int32_t count;
    } st = {t, ch, cell_step * 4 - nb * 8, depth - nb, out_width};
    register const uint32_t *p __asm__("r8") = cells;
    register const int32_t *tp __asm__("r9");
    register int8_t *o __asm__("r10") = out;
    register const dsp_channel *cp __asm__("r11");
    register const int32_t *t_end __asm__("r12") = t + nb * WEIGHTS;
    /* the activation range as two halfwords (low: the minimum), read only with a clamp */
    register int32_t range __asm__("lr") = (int32_t)(((uint32_t)act_max << 16) | ((uint32_t)act_min & 0xffffu));
#define MG_DSP_DW_MACS                                                                                                 \
    "0:\n\t"                                                                                                           \
    "ldr r9, %[t]\n\t"                                                                                                 \
    "ldr r11, %[ch]\n\t"                                                                                               \
    "1:\n\t"                                                                                                           \
    "ldmia r9!, {r1, r2, r3, r4, r5}\n\t"                                                                              \
    "ldr r0, [r11], #4\n\t"                                                                                            \
    "ldrd r6, r7, [r8], #8\n\t"                                                                                        \
    "smlad r0, r6, r1, r0\n\t"                                                                                         \
    "smlabb r0, r7, r4, r0\n\t"                                                                                        \
    "ldrd r6, r7, [r8, %[column1]]\n\t"                                                                                \
    "smlad r0, r6, r2, r0\n\t"                                                                                         \
    "smlabt r0, r7, r4, r0\n\t"                                                                                        \
    "ldrd r6, r7, [r8, %[column2]]\n\t"                                                                                \
    "smlad r0, r6, r3, r0\n\t"                                                                                         \
    "smlabb r0, r7, r5, r0\n\t"                                                                                        \
    "ldmia r11!, {r1, r2, r3}\n\t"                                                                                     \
    "add r6, r2, r0, asr #31\n\t"                                                                                      \
    "smmlar r0, r0, r1, r6\n\t"                                                                                        \
    "asr r0, r0, r3\n\t"                                                                                               \
    "ssat r0, #8, r0\n\t"
#define MG_DSP_DW_END                                                                                                  \
    "strb r0, [r10], #1\n\t"                                                                                           \
    "cmp r9, r12\n\t"                                                                                                  \
    "bne 1b\n\t"                                                                                                       \
    "ldr r6, %[cell_step]\n\t"                                                                                         \
    "add r8, r6\n\t"                                                                                                   \
    "ldr r6, %[out_step]\n\t"                                                                                          \
    "add r10, r6\n\t"                                                                                                  \
    "ldr r6, %[count]\n\t"                                                                                             \
    "subs r6, #1\n\t"                                                                                                  \
    "str r6, %[count]\n\t"                                                                                             \
    "bne 0b\n\t" : "+r"(p),                                                                                            \
                   "=&r"(tp),                                                                                          \
                   "+r"(o),                                                                                            \
                   "=&r"(cp),                                                                                          \
                   [count] "+m"(st.count)                                                                              \
        : "r"(t_end),                                                                                                  \
          "r"(range),                                                                                                  \
          [t] "m"(st.t),                                                                                               \
          [ch] "m"(st.ch),                                                                                             \
          [cell_step] "m"(st.cell_step),                                                                               \
          [out_step] "m"(st.out_step),                                                                                 \
          [column1] "i"(COLUMN_WORDS * 4 - 8),                                                                         \
          [column2] "i"(2 * COLUMN_WORDS * 4 - 8)                                                                      \
        : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "cc", "memory"
    if (full_range) {
        __asm__ volatile(MG_DSP_DW_MACS MG_DSP_DW_END);
    } else {
        __asm__ volatile(MG_DSP_DW_MACS "sxth r6, lr\n\t"
                                        "cmp r0, r6\n\t"
                                        "it lt\n\t"
                                        "movlt r0, r6\n\t"
                                        "cmp r0, lr, asr #16\n\t"
                                        "it gt\n\t"
                                        "asrgt r0, lr, #16\n\t" MG_DSP_DW_END);
    }
#undef MG_DSP_DW_MACS
#undef MG_DSP_DW_END
#else
    for (int32_t ox = 0; ox < out_width; ++ox, cells += cell_step, out += depth) {
        const uint32_t *cell = cells;
        const int32_t *e = t;
        for (int32_t c = 0; c < nb; ++c, cell += 2, e += WEIGHTS) {
            int32_t acc = ch[c].bias;
            acc = dsp_smlad(cell[0], (uint32_t)e[0], acc);
            acc = dsp_smlabb(cell[1], (uint32_t)e[3], acc);
            acc = dsp_smlad(cell[COLUMN_WORDS], (uint32_t)e[1], acc);
            acc = dsp_smlabt(cell[COLUMN_WORDS + 1], (uint32_t)e[3], acc);
            acc = dsp_smlad(cell[2 * COLUMN_WORDS], (uint32_t)e[2], acc);
            acc = dsp_smlabb(cell[2 * COLUMN_WORDS + 1], (uint32_t)e[4], acc);
            const int32_t v = dsp_requant(acc, ch[c].multiplier, ch[c].offset, ch[c].shift);
            out[c] = (int8_t)(full_range ? dsp_ssat8(v) : dsp_clamp(v, act_min, act_max));
        }
    }
#endif
}

static void row_full(const uint32_t *cells, const int32_t *t, const dsp_channel *ch, int8_t *out, int32_t nb,
                     int32_t out_width, int32_t cell_step, int32_t depth)
{
    output_row(cells, t, ch, out, nb, out_width, cell_step, depth, 1, -128, 127);
}

static void row_clamp(const uint32_t *cells, const int32_t *t, const dsp_channel *ch, int8_t *out, int32_t nb,
                      int32_t out_width, int32_t cell_step, int32_t depth, int32_t act_min, int32_t act_max)
{
    output_row(cells, t, ch, out, nb, out_width, cell_step, depth, 0, act_min, act_max);
}

size_t mg_depthwise_conv_2d_s8_dsp_scratch_size(int32_t output_width, int32_t stride_width)
{
    const size_t ring = (size_t)mg_depthwise_conv_2d_dsp_ring_width(output_width, stride_width) * COLUMN_WORDS * 4u;
    return ring + 3u * BLOCK * WEIGHTS * 4u;
}

void mg_depthwise_conv_2d_s8_dsp(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *input, const int8_t *filter,
                                 int8_t *output, void *scratch)
{
    const int32_t depth = p->geometry.input_depth;
    const int32_t width = mg_depthwise_conv_2d_dsp_ring_width(p->geometry.output_width, p->geometry.stride_width);
    uint32_t *cells = scratch;
    int32_t *tables = (int32_t *)(cells + width * COLUMN_WORDS);
    const int full_range = p->act_min == -128 && p->act_max == 127;
    const int32_t image_size = p->geometry.input_height * p->geometry.input_width * depth;
    const int32_t cell_step = p->geometry.stride_width * COLUMN_WORDS;
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const int8_t *image = input + b * image_size;
        int8_t *out_image = output + b * p->geometry.output_height * p->geometry.output_width * depth;
        for (int32_t c0 = 0; c0 < depth; c0 += BLOCK) {
            const int32_t nb = depth - c0 < BLOCK ? depth - c0 : BLOCK;
            const dsp_channel *ch = (const dsp_channel *)p->channels + c0;
            build_tables(p, filter, c0, nb, tables);
            for (int32_t i = 0; i < width * COLUMN_WORDS; ++i) {
                cells[i] = 0; /* padding columns stay zero */
            }
            int32_t next = -p->geometry.pad_height; /* the next input row to bring into the ring */
            for (int32_t oy = 0; oy < p->geometry.output_height; ++oy) {
                const int32_t y0 = oy * p->geometry.stride_height - p->geometry.pad_height;
                next = next < y0 ? y0 : next;
                for (; next <= y0 + 2; ++next) {
                    load_row(p, image, next, cells, c0, nb, width);
                }
                const int32_t *t = tables + (((y0 % 3) + 3) % 3) * BLOCK * WEIGHTS;
                int8_t *out = out_image + oy * p->geometry.output_width * depth + c0;
                if (full_range) {
                    row_full(cells, t, ch, out, nb, p->geometry.output_width, cell_step, depth);
                } else {
                    row_clamp(cells, t, ch, out, nb, p->geometry.output_width, cell_step, depth, p->act_min,
                              p->act_max);
                }
            }
        }
    }
}
