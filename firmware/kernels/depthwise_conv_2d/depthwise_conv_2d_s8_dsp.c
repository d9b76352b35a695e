#pragma GCC optimize("O2")
#include "depthwise_conv_2d.h"
#include "mg_dsp_requant.h"

#define BLOCK MG_DSP_DW_BLOCK
#define ENTRY MG_DSP_DW_ENTRY
#define COLUMN_WORDS (BLOCK * 2) /* words per ring column: BLOCK cells of two words */

/* Four channels' values (a word of int8) plus the input offset into their cells at q, and their mirrors. */
static inline __attribute__((always_inline)) void store_four(int16_t *q, uint32_t w, uint32_t off2, int mirror)
{
    const uint32_t lo = dsp_sxtab16(off2, w), hi = dsp_sxtab16_ror8(off2, w); /* (c, c+2), (c+1, c+3) */
    q[0] = (int16_t)lo;
    q[4] = (int16_t)hi;
    q[8] = (int16_t)(lo >> 16);
    q[12] = (int16_t)(hi >> 16);
    if (mirror) {
        q[3] = (int16_t)lo;
        q[7] = (int16_t)hi;
        q[11] = (int16_t)(lo >> 16);
        q[15] = (int16_t)(hi >> 16);
    }
}

/* Row y of the image (zeros outside it) into ring slot y % 3 of the block's cells (width per ring row),
 * channels [c0, c0 + nb); slot 0 goes to the cells' fourth halfword as well (mirror), inlined with it constant. */
static inline __attribute__((always_inline)) void store_row(const mg_depthwise_conv_2d_dsp_params *p,
                                                            const int8_t *image, int32_t y, int16_t *base, int32_t c0,
                                                            int32_t nb, int32_t width, int mirror)
{
    if (y < 0 || y >= p->geometry.input_height) {
        for (int32_t xp = 0; xp < width; ++xp) {
            int16_t *q = base + xp * COLUMN_WORDS * 2;
            for (int32_t c = 0; c < nb; ++c) {
                q[4 * c] = 0;
                if (mirror) {
                    q[4 * c + 3] = 0;
                }
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
                store_four(q, dsp_ld32(src + c), off2, mirror);
            }
        }
        return;
    }
    for (int32_t x = 0; x < x_end; ++x, src += depth) {
        int16_t *q = base + (x + pad) * COLUMN_WORDS * 2;
        int32_t c = 0;
        for (; c + 4 <= nb; c += 4, q += 16) {
            store_four(q, dsp_ld32(src + c), off2, mirror);
        }
        for (; c < nb; ++c, q += 4) {
            q[0] = (int16_t)(src[c] + p->input_offset);
            if (mirror) {
                q[3] = q[0];
            }
        }
    }
}

static void load_row(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *image, int32_t y, uint32_t *cells,
                     int32_t c0, int32_t nb, int32_t width)
{
    const int32_t slot = ((y % 3) + 3) % 3;
    int16_t *const base = (int16_t *)cells + slot;
    if (slot == 0) {
        store_row(p, image, y, base, c0, nb, width, 1);
    } else {
        store_row(p, image, y, base, c0, nb, width, 0);
    }
}

#if MG_DSP_NATIVE
/* One tap column of a rotation: r6 and r7 hold the cell (slots 0, 1 and slots 2, 0), X the weight pair of filter
 * rows (0, 1) and Z of rows (1, 2). With the window's first row in slot 0: slots 0, 1 by X, slot 2 by Z's top. */
#define MG_DSP_DW_ROTATION_0(X, Z) "smlad r0, r6, " X ", r0\n\tsmlabt r0, r7, " Z ", r0\n\t"
/* in slot 1: slots 2, 0 (rows 1, 2) by Z, slot 1 (row 0) by X's bottom */
#define MG_DSP_DW_ROTATION_1(X, Z) "smlad r0, r7, " Z ", r0\n\tsmlatb r0, r6, " X ", r0\n\t"
/* in slot 2: slots 0, 1 (rows 1, 2) by Z, slot 2 (row 0) by X's bottom */
#define MG_DSP_DW_ROTATION_2(X, Z) "smlad r0, r6, " Z ", r0\n\tsmlabb r0, r7, " X ", r0\n\t"
#define MG_DSP_DW_CLAMP "cmp r0, r12\n\tit lt\n\tmovlt r0, r12\n\tcmp r0, lr\n\tit gt\n\tmovgt r0, lr\n\t"
/* per channel: one LDM of the bias and five weight pairs, three LDRD of cells, six MACs, one LDM of the sixth pair
 * and the constants, the requantization */
#define MG_DSP_DW_COLUMN_0                                                                                             \
    "0:\n\tldr r9, %[t]\n\t1:\n\tldmia r9!, {r0, r1, r2, r3, r4, r5}\n\tldrd r6, r7, [r8], #8\n\t"
#define MG_DSP_DW_COLUMN_1 "ldrd r6, r7, [r8, %[column1]]\n\t"
#define MG_DSP_DW_COLUMN_2 "ldmia r9!, {r1, r2, r3, r4}\n\tldrd r6, r7, [r8, %[column2]]\n\t"
#define MG_DSP_DW_REQUANT "add r6, r3, r0, asr #31\n\tsmmlar r0, r0, r2, r6\n\tasr r0, r0, r4\n\tssat r0, #8, r0\n\t"
#define MG_DSP_DW_NEXT                                                                                                 \
    "strb r0, [r10], #1\n\tcmp r9, r11\n\tbne 1b\n\t"                                                                  \
    "ldr r6, %[cell_step]\n\tadd r8, r6\n\tldr r6, %[out_step]\n\tadd r10, r6\n\t"                                     \
    "ldr r6, %[count]\n\tsubs r6, #1\n\tstr r6, %[count]\n\tbne 0b\n\t"
#define MG_DSP_DW_ROW(ROTATION, CLAMP)                                                                                 \
    __asm__ volatile(MG_DSP_DW_COLUMN_0 ROTATION("r1", "r2") MG_DSP_DW_COLUMN_1 ROTATION("r3", "r4")                   \
                         MG_DSP_DW_COLUMN_2 ROTATION("r5", "r1") MG_DSP_DW_REQUANT CLAMP MG_DSP_DW_NEXT                \
                     : "+r"(p), "=&r"(tp), "+r"(o), [count] "+m"(st.count)                                             \
                     : "r"(t_end), "r"(lo),                                                                            \
                       "r"(hi), [t] "m"(st.t), [cell_step] "m"(st.cell_step), [out_step] "m"(st.out_step),             \
                       [column1] "i"(COLUMN_WORDS * 4 - 8), [column2] "i"(2 * COLUMN_WORDS * 4 - 8)                    \
                     : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "cc", "memory")
#endif

/* One output row of the block: out_width pixels of nb channels, each from its window's first cell column, whose
 * first row is in ring slot `rotation`. */
static inline __attribute__((always_inline)) void output_row(const uint32_t *cells, const int32_t *t, int8_t *out,
                                                             int32_t nb, int32_t out_width, int32_t cell_step,
                                                             int32_t depth, int32_t rotation, int full_range,
                                                             int32_t act_min, int32_t act_max)
{
#if MG_DSP_NATIVE
    struct {
        const int32_t *t;
        int32_t cell_step; /* bytes from the end of one pixel's cells to the next pixel's */
        int32_t out_step;
        int32_t count;
    } st = {t, cell_step * 4 - nb * 8, depth - nb, out_width};
    register const uint32_t *p __asm__("r8") = cells;
    register const int32_t *tp __asm__("r9");
    register int8_t *o __asm__("r10") = out;
    register const int32_t *t_end __asm__("r11") = t + nb * ENTRY;
    register int32_t lo __asm__("r12") = act_min;
    register int32_t hi __asm__("lr") = act_max;
    (void)act_min;
    (void)act_max;
    if (full_range) {
        if (rotation == 0) {
            MG_DSP_DW_ROW(MG_DSP_DW_ROTATION_0, "");
        } else if (rotation == 1) {
            MG_DSP_DW_ROW(MG_DSP_DW_ROTATION_1, "");
        } else {
            MG_DSP_DW_ROW(MG_DSP_DW_ROTATION_2, "");
        }
    } else {
        if (rotation == 0) {
            MG_DSP_DW_ROW(MG_DSP_DW_ROTATION_0, MG_DSP_DW_CLAMP);
        } else if (rotation == 1) {
            MG_DSP_DW_ROW(MG_DSP_DW_ROTATION_1, MG_DSP_DW_CLAMP);
        } else {
            MG_DSP_DW_ROW(MG_DSP_DW_ROTATION_2, MG_DSP_DW_CLAMP);
        }
    }
#else
    for (int32_t ox = 0; ox < out_width; ++ox, cells += cell_step, out += depth) {
        const uint32_t *cell = cells;
        const int32_t *e = t;
        for (int32_t c = 0; c < nb; ++c, cell += 2, e += ENTRY) {
            int32_t acc = e[0];
            for (int32_t kx = 0; kx < 3; ++kx) {
                const uint32_t s01 = cell[kx * COLUMN_WORDS], s20 = cell[kx * COLUMN_WORDS + 1];
                const uint32_t x = (uint32_t)e[1 + 2 * kx], z = (uint32_t)e[2 + 2 * kx];
                if (rotation == 0) {
                    acc = dsp_smlabt(s20, z, dsp_smlad(s01, x, acc));
                } else if (rotation == 1) {
                    acc = dsp_smlatb(s01, x, dsp_smlad(s20, z, acc));
                } else {
                    acc = dsp_smlabb(s20, x, dsp_smlad(s01, z, acc));
                }
            }
            const int32_t v = dsp_requant(acc, e[7], e[8], e[9]);
            out[c] = (int8_t)(full_range ? dsp_ssat8(v) : dsp_clamp(v, act_min, act_max));
        }
    }
#endif
}

static void row_full(const uint32_t *cells, const int32_t *t, int8_t *out, int32_t nb, int32_t out_width,
                     int32_t cell_step, int32_t depth, int32_t rotation)
{
    output_row(cells, t, out, nb, out_width, cell_step, depth, rotation, 1, -128, 127);
}

static void row_clamp(const uint32_t *cells, const int32_t *t, int8_t *out, int32_t nb, int32_t out_width,
                      int32_t cell_step, int32_t depth, int32_t rotation, int32_t act_min, int32_t act_max)
{
    output_row(cells, t, out, nb, out_width, cell_step, depth, rotation, 0, act_min, act_max);
}

size_t mg_depthwise_conv_2d_s8_dsp_scratch_size(int32_t output_width, int32_t stride_width)
{
    return (size_t)mg_depthwise_conv_2d_dsp_ring_width(output_width, stride_width) * COLUMN_WORDS * 4u;
}

void mg_depthwise_conv_2d_s8_dsp(const mg_depthwise_conv_2d_dsp_params *p, const int8_t *input, int8_t *output,
                                 void *scratch)
{
    const int32_t depth = p->geometry.input_depth;
    const int32_t width = mg_depthwise_conv_2d_dsp_ring_width(p->geometry.output_width, p->geometry.stride_width);
    uint32_t *cells = scratch;
    const int full_range = p->act_min == -128 && p->act_max == 127;
    const int32_t image_size = p->geometry.input_height * p->geometry.input_width * depth;
    const int32_t cell_step = p->geometry.stride_width * COLUMN_WORDS;
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const int8_t *image = input + b * image_size;
        int8_t *out_image = output + b * p->geometry.output_height * p->geometry.output_width * depth;
        for (int32_t c0 = 0; c0 < depth; c0 += BLOCK) {
            const int32_t nb = depth - c0 < BLOCK ? depth - c0 : BLOCK;
            const int32_t *t = p->tables + c0 * ENTRY;
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
                const int32_t rotation = ((y0 % 3) + 3) % 3; /* the ring slot of the window's first row */
                int8_t *out = out_image + oy * p->geometry.output_width * depth + c0;
                if (full_range) {
                    row_full(cells, t, out, nb, p->geometry.output_width, cell_step, depth, rotation);
                } else {
                    row_clamp(cells, t, out, nb, p->geometry.output_width, cell_step, depth, rotation, p->act_min,
                              p->act_max);
                }
            }
        }
    }
}
