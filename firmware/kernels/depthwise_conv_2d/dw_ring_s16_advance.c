/* The 16x8 depthwise backends' ring of channel-major input rows (mg_dw_ring_s16.h): the rows an output row
 * needs, transposed into their slots. */
#pragma GCC optimize("O3")
#include "mg_dw_ring_s16.h"

/* Input column x of every channel into the channel rows from dst (`width` apart) and their copies `mirror`
 * values further. */
static inline void transpose_column(const int16_t *src, int16_t *dst, int32_t depth, int32_t width, size_t mirror)
{
    for (int32_t c = 0; c < depth; ++c, dst += width) {
        dst[0] = dst[mirror] = src[c];
    }
}

/* n values of zeros from dst, a word at a time (n even; libc's memset is byte by byte in newlib-nano). */
static void zero(int16_t *dst, size_t n)
{
    uint32_t *words = (uint32_t *)dst;
    for (size_t i = 0; i < n / 2; ++i) {
        words[i] = 0;
    }
}

#if defined(__ARM_FEATURE_MVE)
/* Input row src into the channel rows of slot and its copy (the padding columns stay zero from the start of the
 * batch): per channel eight columns at a time, one gather load (the values depth apart) and two stores, in a
 * tail-predicated loop. */
static void transpose_row(const mg_dw_ring_s16 *ring, const int16_t *src, int16_t *slot, size_t mirror)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t depth = g->input_depth, width = ring->width, left = g->pad_width;
    const int32_t columns = g->input_width < width - left ? g->input_width : width - left;
    if (7 * depth > UINT16_MAX) { /* the gather's 16-bit offsets would not reach */
        for (int32_t x = 0; x < columns; ++x) {
            transpose_column(src + x * depth, slot + left + x, depth, width, mirror);
        }
        return;
    }
    uint16_t offsets[8]; /* eight columns, depth values apart */
    for (int32_t i = 0; i < 8; ++i) {
        offsets[i] = (uint16_t)(i * depth);
    }
    const int32_t step = 8 * depth * (int32_t)sizeof(int16_t);
    for (int32_t c = 0; c < depth && columns > 0; ++c) {
        const int16_t *from = src + c;
        int16_t *dst = slot + c * width + left, *copy = dst + mirror;
        __asm__ volatile("vldrh.u16 q1, [%[o]]\n\t"
                         "dlstp.16 lr, %[n]\n"
                         "1:\n\t"
                         "vldrh.u16 q0, [%[s], q1, uxtw #1]\n\t"
                         "add %[s], %[step]\n\t"
                         "vstrh.16 q0, [%[d]], #16\n\t"
                         "vstrh.16 q0, [%[c]], #16\n\t"
                         "letp lr, 1b"
                         : [s] "+r"(from), [d] "+r"(dst), [c] "+r"(copy)
                         : [o] "r"(offsets), [step] "r"(step), [n] "r"(columns)
                         : "q0", "q1", "lr", "memory");
    }
}
#else
#if MG_DSP_NATIVE
/* Columns a and b (neighbours, depth a multiple of 4: their words aligned) into the channel rows from dst (`width`
 * values apart) and their copies `mirror` values further, four channels a turn: two LDRD, four PKHBT/PKHTB and
 * eight stores for eight values. */
static void transpose_quads(const int16_t *a, const int16_t *b, int16_t *dst, int32_t depth, int32_t width,
                            size_t mirror)
{
    const int16_t *end = a + depth;
    const int32_t row = width * (int32_t)sizeof(int16_t), copy = (int32_t)(mirror * sizeof(int16_t));
    const int32_t row_copy = row + copy;
    uint32_t a0, a1, b0, b1, t;
    __asm__ volatile("1:\n\t"
                     "ldrd %[a0], %[a1], [%[a]], #8\n\t"
                     "ldrd %[b0], %[b1], [%[b]], #8\n\t"
                     "pkhbt %[t], %[a0], %[b0], lsl #16\n\t"
                     "str %[t], [%[d]]\n\t"
                     "str %[t], [%[d], %[copy]]\n\t"
                     "pkhtb %[t], %[b0], %[a0], asr #16\n\t"
                     "str %[t], [%[d], %[row]]\n\t"
                     "str %[t], [%[d], %[row_copy]]\n\t"
                     "add %[d], %[d], %[row], lsl #1\n\t"
                     "pkhbt %[t], %[a1], %[b1], lsl #16\n\t"
                     "str %[t], [%[d]]\n\t"
                     "str %[t], [%[d], %[copy]]\n\t"
                     "pkhtb %[t], %[b1], %[a1], asr #16\n\t"
                     "str %[t], [%[d], %[row]]\n\t"
                     "str %[t], [%[d], %[row_copy]]\n\t"
                     "add %[d], %[d], %[row], lsl #1\n\t"
                     "cmp %[a], %[end]\n\t"
                     "bne 1b"
                     : [a] "+&r"(a), [b] "+&r"(b), [d] "+&r"(dst), [a0] "=&r"(a0), [a1] "=&r"(a1), [b0] "=&r"(b0),
                       [b1] "=&r"(b1), [t] "=&r"(t)
                     : [end] "r"(end), [row] "r"(row), [copy] "r"(copy), [row_copy] "r"(row_copy)
                     : "cc", "memory");
}
#endif

/* Input row src into the channel rows of slot and its copy (the padding columns stay zero from the start of the
 * batch), two columns at a time when the channels come in pairs: two words become two channel rows' pairs (PKHBT,
 * PKHTB). */
static void transpose_row(const mg_dw_ring_s16 *ring, const int16_t *src, int16_t *slot, size_t mirror)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t depth = g->input_depth, width = ring->width, left = g->pad_width;
    const int32_t columns = g->input_width < width - left ? g->input_width : width - left;
    int32_t x = 0;
    if (depth % 2 == 0) {
        if (left % 2 == 1 && columns > 0) { /* the pairs from an even column of the ring on */
            transpose_column(src, slot + left, depth, width, mirror);
            x = 1;
        }
        for (; x + 1 < columns; x += 2) {
            const int16_t *a = src + x * depth, *b = a + depth;
            int16_t *dst = slot + left + x;
#if MG_DSP_NATIVE
            if (depth % 4 == 0) {
                transpose_quads(a, b, dst, depth, width, mirror);
                continue;
            }
#endif
            for (int32_t c = 0; c < depth; c += 2, dst += 2 * width) {
                const uint32_t va = dsp_ld32(a + c), vb = dsp_ld32(b + c);
                const uint32_t even = dsp_pkhbt(va, vb), odd = dsp_pkhtb(vb, va);
                dsp_st32(dst, even);
                dsp_st32(dst + mirror, even);
                dsp_st32(dst + width, odd);
                dsp_st32(dst + width + mirror, odd);
            }
        }
    }
    for (; x < columns; ++x) {
        transpose_column(src + x * depth, slot + left + x, depth, width, mirror);
    }
}

#endif

void mg_dw_ring_s16_advance(mg_dw_ring_s16 *ring, const int16_t *image, int32_t oy)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t y0 = oy * g->stride_height - g->pad_height;
    const size_t slot_values = (size_t)g->input_depth * (size_t)ring->width;
    const size_t mirror = (size_t)ring->span * slot_values; /* a slot's copy */
    if (oy == 0) { /* a new batch: every slot zero, so padding columns and rows need no more writes */
        ring->next = y0;
        zero(ring->rows, 2 * mirror);
    }
    for (int32_t y = ring->next > y0 ? ring->next : y0; y < y0 + ring->span; ++y) {
        int16_t *slot = ring->rows + mg_dw_ring_s16_slot(ring, y) * slot_values;
        if (y >= 0 && y < g->input_height) {
            transpose_row(ring, image + y * g->input_width * g->input_depth, slot, mirror);
        } else if (y >= g->input_height) { /* the slot held an input row: zero it again (rows above the input come
                                               * first, into the zeroed ring) */
            zero(slot, slot_values);
            zero(slot + mirror, slot_values);
        }
    }
    ring->next = y0 + ring->span;
}
