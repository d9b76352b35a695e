#pragma GCC optimize("O2", "no-tree-loop-distribute-patterns") /* no memset/memcpy calls for short runs */
#include "conv_2d.h"
#include "mg_dsp_mac.h"
#include "mg_dsp_requant.h"

#define COLS MG_DSP_CONV_COLS
#define ENTRY 4                    /* words of a dsp_channel: the rows walk the generator's channel table in place */
#define MG_DSP_CONV_WHOLE_STAGE 48 /* bytes: windows up to this long are staged whole */

/* Column buffer layout: groups of 4 taps, each group holding COLS columns of 4 int16 values in the order
 * SXTB16 unpacks a weight word: (x0 + off, x2 + off) then (x1 + off, x3 + off), doubled when `doubled` (the
 * accumulators come out doubled, as mg_dsp_requant.h wants; otherwise the rows double them: whichever costs less,
 * k / 2 SADD16 per pixel or one shift per output). */
#if COLS * 8 != 48
#error "expand's STRD steps assume 6 columns"
#endif

#if MG_DSP_NATIVE
/* expand's loop over the words; DOUBLE: the instructions that double both halves, or none. */
#define EXPAND_LOOP(DOUBLE)                                                                                            \
    __asm__ volatile("1:\n\t"                                                                                          \
                     "ldr %[w], [%[s]], #4\n\t"                                                                        \
                     "sxtab16 %[lo], %[o], %[w]\n\t"                                                                   \
                     "sxtab16 %[hi], %[o], %[w], ror #8\n\t" DOUBLE "strd %[lo], %[hi], [%[d]], #48\n\t"               \
                     "subs %[n], #1\n\t"                                                                               \
                     "bne 1b\n\t"                                                                                      \
                     : [s] "+r"(src), [d] "+r"(dst), [n] "+r"(words), [w] "=&r"(w), [lo] "=&r"(lo), [hi] "=&r"(hi)     \
                     : [o] "r"(off2)                                                                                   \
                     : "cc", "memory")
#endif

/* `words` words of int8 at src (any alignment) into int16 groups of one column, starting at dst. */
static inline void expand(uint32_t *dst, const int8_t *src, int32_t words, uint32_t off2, int doubled)
{
#if MG_DSP_NATIVE
    /* per word: LDR, two SXTAB16, (two SADD16), one STRD */
    uint32_t w, lo, hi;
    if (words <= 0) {
        return;
    }
    if (doubled) {
        EXPAND_LOOP("sadd16 %[lo], %[lo], %[lo]\n\t"
                    "sadd16 %[hi], %[hi], %[hi]\n\t");
    } else {
        EXPAND_LOOP("");
    }
#else
    for (int32_t i = 0; i < words; ++i) {
        uint32_t w = dsp_ld32(src);
        src += 4;
        const uint32_t lo = dsp_sxtab16(off2, w), hi = dsp_sxtab16_ror8(off2, w);
        dst[0] = doubled ? dsp_sadd16(lo, lo) : lo;
        dst[1] = doubled ? dsp_sadd16(hi, hi) : hi;
        dst += 2 * COLS;
    }
#endif
}

static inline void fill_s8(int8_t *dst, int32_t n, int8_t value)
{
    for (int32_t i = 0; i < n; ++i) {
        dst[i] = value;
    }
}

static inline void copy_s8(int8_t *dst, const int8_t *src, int32_t n)
{
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        dsp_st32(dst + i, dsp_ld32(src + i));
    }
    for (; i < n; ++i) {
        dst[i] = src[i];
    }
}

/* Whether the columns hold doubled inputs (the rows start from the doubled bias) or the rows double their
 * accumulators instead (starting from the bias): whichever costs fewer instructions. */
static inline int doubled_columns(int32_t filter_taps, int32_t output_depth)
{
    return ((filter_taps + 7) & ~7) / 2 < output_depth;
}

/* `groups` 4-tap groups of one column, from dst, to zero. */
static inline void zero_groups(uint32_t *dst, int32_t groups)
{
    for (int32_t i = 0; i < groups; ++i, dst += 2 * COLS) {
        dst[0] = 0;
        dst[1] = 0;
    }
}

/* Taps [*first, *end) of a `taps`-long filter whose input coordinate origin + dilation * tap lies in [0, size). */
static inline void window(int32_t origin, int32_t dilation, int32_t size, int32_t taps, int32_t *first, int32_t *end)
{
    int32_t lo, hi;
    if (dilation == 1) {
        lo = origin < 0 ? -origin : 0;
        hi = size - origin;
        hi = hi < 0 ? 0 : hi;
    } else {
        lo = origin < 0 ? (dilation - 1 - origin) / dilation : 0;
        hi = size > origin ? (size - origin + dilation - 1) / dilation : 0;
    }
    hi = hi < taps ? hi : taps;
    *first = lo < hi ? lo : hi;
    *end = hi;
}

/* What build_column needs of the node, in the caller's frame. */
typedef struct {
    const int8_t *image;
    int32_t input_height;
    int32_t input_width;
    int32_t depth;
    int32_t filter_height;
    int32_t filter_width;
    int32_t dilation_height;
    int32_t dilation_width;
    int32_t row_bytes;  /* taps of one filter row: filter_width * depth */
    int32_t k8;         /* taps rounded up to 8 */
    int32_t direct;     /* rows of whole words, no horizontal dilation: inner windows expand straight */
    int32_t stage_rows; /* direct and long: filter rows staged at a time (stage_rows_of); 0: the whole window */
    int32_t doubled;    /* columns hold 2 (x + offset) */
    uint32_t off2;      /* the input offset in both halves */
    int8_t zp;          /* the input zero point: x + offset = 0 */
} column_geometry;

/* The column of the output pixel whose window starts at input row y0, column x0; filter rows [ky0, ky1) and
 * columns [kx0, kx1) fall inside the input. */
static inline void build_column(const column_geometry *g, int32_t y0, int32_t x0, int32_t ky0, int32_t ky1,
                                uint32_t *col, int8_t *stage)
{
    const int32_t depth = g->depth, fh = g->filter_height, fw = g->filter_width, width = g->input_width;
    const int32_t dh = g->dilation_height, dw = g->dilation_width, row_bytes = g->row_bytes, k8 = g->k8;
    int32_t kx0, kx1;
    window(x0, dw, width, fw, &kx0, &kx1);
    const int8_t zp = g->zp;
    int8_t *s = stage;
    if (ky0 == 0 && ky1 == fh && kx0 == 0 && kx1 == fw) {
        const int8_t *src = g->image + (y0 * width + x0) * depth;
        if (g->direct) { /* inside the input, rows of whole words: straight from the input */
            const int32_t words = row_bytes >> 2;
            uint32_t *dst = col;
            for (int32_t ky = 0; ky < fh; ++ky, src += dh * width * depth, dst += words * 2 * COLS) {
                expand(dst, src, words, g->off2, g->doubled);
            }
            if (fh * row_bytes != k8) { /* k % 8 == 4: the group that pads the column to whole 8-tap steps */
                zero_groups(dst, 1);
            }
            return;
        }
        if (dw == 1) {
            /* inside the input: whole words of each window row into the staging column, each run overwriting
             * the next one's first bytes (the stage has 3 bytes of slack; the input may be read up to 3 bytes
             * past the window, inside the arena) */
            const int32_t words = (row_bytes + 3) >> 2;
            for (int32_t ky = 0; ky < fh; ++ky, src += dh * width * depth, s += row_bytes) {
                for (int32_t i = 0; i < words; ++i) {
                    dsp_st32(s + 4 * i, dsp_ld32(src + 4 * i));
                }
            }
            fill_s8(s, k8 - fh * row_bytes, zp);
            expand(col, stage, k8 >> 2, g->off2, g->doubled);
            return;
        }
    }
    const uint32_t zp4 = 0x01010101u * (uint8_t)zp;
    if (g->stage_rows) { /* a clipped window of long whole-word rows: stage_rows rows at a time */
        uint32_t *dst = col;
        for (int32_t ky = 0; ky < fh; ky += g->stage_rows) {
            const int32_t m = fh - ky < g->stage_rows ? fh - ky : g->stage_rows;
            const int32_t a = ky < ky0 ? ky0 : ky, b = ky + m < ky1 ? ky + m : ky1, words = m * row_bytes >> 2;
            const int8_t *row = g->image + ((y0 + a * dh) * width + x0) * depth;
            if (a >= b || kx0 == kx1) { /* outside: x + input_offset = 0 */
                zero_groups(dst, words);
            } else if (m == 1 && kx1 - kx0 == fw) { /* one row inside: straight from the input */
                expand(dst, row, words, g->off2, g->doubled);
            } else {
                for (int32_t i = 0; i < m * row_bytes; i += 4) {
                    dsp_st32(stage + i, zp4);
                }
                for (int32_t r = a; r < b; ++r, row += dh * width * depth) {
                    copy_s8(stage + (r - ky) * row_bytes + kx0 * depth, row + kx0 * depth, (kx1 - kx0) * depth);
                }
                expand(dst, stage, words, g->off2, g->doubled);
            }
            dst += words * 2 * COLS;
        }
        if (fh * row_bytes != k8) {
            zero_groups(dst, 1);
        }
        return;
    }
    /* through an int8 copy: the zero point everywhere (x + input_offset = 0), then the parts inside the input */
    for (int32_t i = 0; i < k8; i += 4) {
        dsp_st32(stage + i, zp4);
    }
    s = stage + ky0 * row_bytes;
    for (int32_t ky = ky0; ky < ky1; ++ky, s += row_bytes) {
        const int8_t *row = g->image + (y0 + ky * dh) * width * depth;
        if (dw == 1) {
            copy_s8(s + kx0 * depth, row + (x0 + kx0) * depth, (kx1 - kx0) * depth);
        } else {
            for (int32_t kx = kx0; kx < kx1; ++kx) {
                copy_s8(s + kx * depth, row + (x0 + kx * dw) * depth, depth);
            }
        }
    }
    expand(col, stage, k8 >> 2, g->off2, g->doubled);
}

/* acc0..acc5 += the 4 weights of wv times group x of the columns (mg_dsp_mac.h). */
#define MAC_GROUP(wv, x)                                                                                               \
    do {                                                                                                               \
        const uint32_t wl_ = dsp_sxtb16(wv), wh_ = dsp_sxtb16_ror8(wv);                                                \
        acc0 = mg_dsp_mac4(acc0, wl_, wh_, (x)[0], (x)[1]);                                                            \
        acc1 = mg_dsp_mac4(acc1, wl_, wh_, (x)[2], (x)[3]);                                                            \
        acc2 = mg_dsp_mac4(acc2, wl_, wh_, (x)[4], (x)[5]);                                                            \
        acc3 = mg_dsp_mac4(acc3, wl_, wh_, (x)[6], (x)[7]);                                                            \
        acc4 = mg_dsp_mac4(acc4, wl_, wh_, (x)[8], (x)[9]);                                                            \
        acc5 = mg_dsp_mac4(acc5, wl_, wh_, (x)[10], (x)[11]);                                                          \
    } while (0)

#if COLS != 6
#error "filter_rows is written for 6 columns"
#endif

#if !MG_DSP_NATIVE
/* Rows [first, end) of the filter against the COLS columns, in C: stores the first n outputs of each row. */
static void rows_c(const mg_conv_2d_dsp_params *p, const int8_t *filter, const uint32_t *cols, int8_t *out, int32_t n,
                   int32_t first, int32_t end)
{
    const int32_t k = p->geometry.filter_height * p->geometry.filter_width * p->geometry.input_depth;
    const int32_t out_depth = p->geometry.output_depth, pairs = k >> 3, rem = k & 7, tail = k & 3;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    const int doubled = doubled_columns(k, out_depth);
    const int32_t *e = p->channels + ENTRY * first;
    const int8_t *w = filter + first * k;
    for (int32_t o = first; o < end; ++o, e += ENTRY, w += k) {
        int32_t acc0 = doubled ? e[0] : e[0] / 2, acc1 = acc0, acc2 = acc0, acc3 = acc0, acc4 = acc0, acc5 = acc0;
        const uint32_t *x = cols;
        const int8_t *wg = w;
        for (int32_t g = 0; g < pairs; ++g) { /* 8 weights per iteration */
            const uint32_t wa = dsp_ld32(wg), wb = dsp_ld32(wg + 4);
            wg += 8;
            MAC_GROUP(wa, x);
            MAC_GROUP(wb, x + 2 * COLS);
            x += 4 * COLS;
        }
        if (rem >= 4) {
            const uint32_t wa = dsp_ld32(wg);
            wg += 4;
            MAC_GROUP(wa, x);
            x += 2 * COLS;
        }
        if (tail) { /* the last 1-3 weights; the column holds zeros after them */
            uint32_t wv = (uint8_t)wg[0];
            if (tail > 1) {
                wv |= (uint32_t)(uint8_t)wg[1] << 8;
            }
            if (tail > 2) {
                wv |= (uint32_t)(uint8_t)wg[2] << 16;
            }
            MAC_GROUP(wv, x);
        }
        const int32_t acc[COLS] = {acc0, acc1, acc2, acc3, acc4, acc5};
        for (int32_t i = 0; i < n; ++i) {
            const int32_t acc2 = doubled ? acc[i] : 2 * acc[i];
            out[i * out_depth + o] = (int8_t)dsp_clamp(dsp_requant(acc2, e[1], e[2], e[3]), act_min, act_max);
        }
    }
}
#endif

#if MG_DSP_NATIVE
/* Rows in assembly for a full group of COLS pixels: every register is spoken for in the inner loop (LDM fills
 * its list in register order), the loop state lives on the stack. Per 4 weights: one LDR, two SXTB16, three
 * LDM (the 6 columns' 12 words) and 12 SMLAD. Each row covers k8 weights (k rounded up to 8), reading into the
 * next row where k8 > k (the columns hold zeros there), so the last row then comes from a padded copy, in a
 * second call. Per row, the six accumulators start from the channel's bias (one LDR, five MOV: a table of it six
 * times would cost scratch or flash). */
typedef struct {
    const int32_t *ch; /* the row's dsp_channel */
    const int32_t *ch_end;
    const int8_t *wrow; /* the first row's weights */
    int32_t delta;      /* k8 - k: from the end of a row's reads to the next row */
    const uint32_t *cols;
    const uint32_t *cols_end;
    int8_t *out; /* the row's output in the first pixel */
    int32_t out_depth;
    int32_t act_min;
    int32_t act_max;
} rows_state;

/* one weight word (r12) against two columns per LDM (lr), six columns (mg_dsp_mac.h) */
#define MG_DSP_TWO_COLUMNS(a, b)                                                                                       \
    "ldmia lr!, {r8, r9, r10, r11}\n\t" MG_DSP_ASM_MAC4(a, "r6", "r7", "r8", "r9")                                     \
        MG_DSP_ASM_MAC4(b, "r6", "r7", "r10", "r11")
#define MG_DSP_GROUP                                                                                                   \
    MG_DSP_ASM_LOAD_HALVES("r12", "r6", "r7")                                                                          \
    MG_DSP_TWO_COLUMNS("r0", "r1") MG_DSP_TWO_COLUMNS("r2", "r3") MG_DSP_TWO_COLUMNS("r4", "r5")

#define MG_DSP_ROW_START(halve)                                                                                        \
    "ldr r12, %[wrow]\n\t"                                                                                             \
    "ldr r6, %[ch]\n\t"                                                                                                \
    "0:\n\t"                                                                                                           \
    "ldr r0, [r6], #4\n\t" halve "mov r1, r0\n\t"                                                                      \
    "mov r2, r0\n\t"                                                                                                   \
    "mov r3, r0\n\t"                                                                                                   \
    "mov r4, r0\n\t"                                                                                                   \
    "mov r5, r0\n\t"                                                                                                   \
    "str r6, %[ch]\n\t"                                                                                                \
    "ldr lr, %[cols]\n\t"                                                                                              \
    "1:\n\t" MG_DSP_GROUP MG_DSP_GROUP "ldr r6, %[cols_end]\n\t"                                                       \
    "cmp lr, r6\n\t"                                                                                                   \
    "bne 1b\n\t"                                                                                                       \
    "ldr r6, %[ch]\n\t"                                                                                                \
    "ldmia r6!, {r7, r8, r9}\n\t" /* multiplier, offset, shift */                                                      \
    "ldr lr, %[delta]\n\t"                                                                                             \
    "sub r12, r12, lr\n\t"

/* acc2 -> SMMLAR(acc2, m, offset + (acc2 >> 31)) >> shift, saturated to int8 */
#define MG_DSP_REQUANT(r)                                                                                              \
    "add r10, r8, " r ", asr #31\n\t"                                                                                  \
    "smmlar " r ", " r ", r7, r10\n\t"                                                                                 \
    "asr " r ", " r ", r9\n\t"                                                                                         \
    "ssat " r ", #8, " r "\n\t"

#define MG_DSP_CLAMP(r)                                                                                                \
    "cmp " r ", r11\n\t"                                                                                               \
    "it lt\n\t"                                                                                                        \
    "movlt " r ", r11\n\t"                                                                                             \
    "cmp " r ", lr\n\t"                                                                                                \
    "it gt\n\t"                                                                                                        \
    "movgt " r ", lr\n\t"

#define MG_DSP_ROW_END                                                                                                 \
    "ldr r10, %[out]\n\t"                                                                                              \
    "ldr r11, %[out_depth]\n\t"                                                                                        \
    "strb r0, [r10]\n\t"                                                                                               \
    "strb r1, [r10, r11]\n\t"                                                                                          \
    "add lr, r10, r11, lsl #1\n\t"                                                                                     \
    "strb r2, [lr]\n\t"                                                                                                \
    "strb r3, [lr, r11]\n\t"                                                                                           \
    "add lr, lr, r11, lsl #1\n\t"                                                                                      \
    "strb r4, [lr]\n\t"                                                                                                \
    "strb r5, [lr, r11]\n\t"                                                                                           \
    "adds r10, #1\n\t"                                                                                                 \
    "str r10, %[out]\n\t"                                                                                              \
    "ldr r7, %[ch_end]\n\t"                                                                                            \
    "cmp r6, r7\n\t"                                                                                                   \
    "bne 0b\n\t"

#define MG_DSP_OPERANDS                                                                                                \
    : [ch] "+m"(st.ch), [out] "+m"(st.out)                                                                        \
    : [ch_end] "m"(st.ch_end), [wrow] "m"(st.wrow), [delta] "m"(st.delta), [cols] "m"(st.cols),                   \
      [cols_end] "m"(st.cols_end), [out_depth] "m"(st.out_depth), [act_min] "m"(st.act_min),                      \
      [act_max] "m"(st.act_max)                                                                                   \
    : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr", "cc", "memory"

#define MG_DSP_HALVE "asr r0, r0, #1\n\t" /* the doubled bias (even) for single columns */
#define MG_DSP_DOUBLE(r) "add " r ", " r ", " r "\n\t"
#define MG_DSP_REQUANT_ALL                                                                                             \
    MG_DSP_REQUANT("r0")                                                                                               \
    MG_DSP_REQUANT("r1") MG_DSP_REQUANT("r2") MG_DSP_REQUANT("r3") MG_DSP_REQUANT("r4") MG_DSP_REQUANT("r5")
#define MG_DSP_DOUBLE_ALL                                                                                              \
    MG_DSP_DOUBLE("r0")                                                                                                \
    MG_DSP_DOUBLE("r1") MG_DSP_DOUBLE("r2") MG_DSP_DOUBLE("r3") MG_DSP_DOUBLE("r4") MG_DSP_DOUBLE("r5")
#define MG_DSP_CLAMP_ALL                                                                                               \
    "ldr r11, %[act_min]\n\t"                                                                                          \
    "ldr lr, %[act_max]\n\t" MG_DSP_CLAMP("r0") MG_DSP_CLAMP("r1") MG_DSP_CLAMP("r2") MG_DSP_CLAMP("r3")               \
        MG_DSP_CLAMP("r4") MG_DSP_CLAMP("r5")

/* doubled columns; then the same with single columns, doubling each accumulator; each with the activation
 * range saturation alone (the full int8 range) or a clamp */
static void __attribute__((noinline)) rows_asm(const rows_state *state)
{
    rows_state st = *state;
    __asm__ volatile(MG_DSP_ROW_START("") MG_DSP_REQUANT_ALL MG_DSP_ROW_END MG_DSP_OPERANDS);
}

static void __attribute__((noinline)) rows_asm_clamp(const rows_state *state)
{
    rows_state st = *state;
    __asm__ volatile(MG_DSP_ROW_START("") MG_DSP_REQUANT_ALL MG_DSP_CLAMP_ALL MG_DSP_ROW_END MG_DSP_OPERANDS);
}

static void __attribute__((noinline)) rows_asm_x2(const rows_state *state)
{
    rows_state st = *state;
    __asm__ volatile(MG_DSP_ROW_START(MG_DSP_HALVE)
                         MG_DSP_DOUBLE_ALL MG_DSP_REQUANT_ALL MG_DSP_ROW_END MG_DSP_OPERANDS);
}

static void __attribute__((noinline)) rows_asm_x2_clamp(const rows_state *state)
{
    rows_state st = *state;
    __asm__ volatile(MG_DSP_ROW_START(MG_DSP_HALVE)
                         MG_DSP_DOUBLE_ALL MG_DSP_REQUANT_ALL MG_DSP_CLAMP_ALL MG_DSP_ROW_END MG_DSP_OPERANDS);
}
#endif

/* The n pixels' inputs, `depth` int8 each (a multiple of 4) and consecutive in the input (a 1x1 convolution
 * with stride 1 and no padding), as columns; then the group that pads them to k8 taps. */
static inline void expand_pixels(uint32_t *cols, const int8_t *src, int32_t depth, int32_t n, int32_t k8, uint32_t off2,
                                 int doubled)
{
    for (int32_t c = 0; c < n; ++c) {
        expand(cols + 2 * c, src + c * depth, depth >> 2, off2, doubled);
    }
    if (k8 != depth) { /* the n columns' last group of taps (from cols: a moved-back group's kept ones have it) */
        for (int32_t i = 0; i < 2 * n; ++i) {
            cols[depth / 4 * 2 * COLS + i] = 0;
        }
    }
}

/* The last `kept` columns to the first `kept`: a pointwise batch's last group, moved back, keeps the columns of
 * the pixels the group before expanded, whose input the outputs may already have overwritten. */
static inline void keep_columns(uint32_t *cols, int32_t kept, int32_t k8)
{
    for (int32_t t = 0; t < k8 / 4; ++t, cols += 2 * COLS) {
        for (int32_t j = 0; j < 2 * kept; ++j) {
            cols[j] = cols[2 * (COLS - kept) + j];
        }
    }
}

/* Every filter row against the COLS columns of n pixels (n < COLS only for the last group). */
typedef struct {
#if MG_DSP_NATIVE
    void (*rows)(const rows_state *);
    rows_state direct; /* rows whose weights are read in place */
    rows_state last;   /* the last row from its padded copy, when k8 > k (count 0 otherwise) */
    int32_t direct_rows;
    int32_t last_rows;
#endif
    int8_t *out_tmp;
} rows_plan;

static void filter_rows(const mg_conv_2d_dsp_params *p, rows_plan *plan, const int8_t *filter, const uint32_t *cols,
                        int8_t *out, int32_t n)
{
#if MG_DSP_NATIVE
    /* In assembly, always for COLS pixels: a partial group goes through out_tmp. The last row's reads would leave
     * the filter when k8 > k: it comes from a copy padded to k8. */
    int8_t *dst = n == COLS ? out : plan->out_tmp;
    (void)filter;
    (void)cols;
    if (plan->direct_rows) {
        plan->direct.out = dst;
        plan->rows(&plan->direct);
    }
    if (plan->last_rows) {
        plan->last.out = dst + plan->direct_rows;
        plan->rows(&plan->last);
    }
    if (n < COLS) {
        copy_s8(out, plan->out_tmp, n * p->geometry.output_depth);
    }
#else
    (void)plan;
    rows_c(p, filter, cols, out, n, 0, p->geometry.output_depth);
#endif
}

/* The scratch buffer, in bytes from its start: the int16 columns, an int8 staging column (with slack for word
 * reads), the last filter row padded to k8 (when k8 > k), the outputs of a partial group (only when the output
 * has fewer than COLS pixels: otherwise the last group moves back over pixels already done), the padded input
 * copy. One layout for the carving below and for the size the planner reserves. */
typedef struct {
    size_t stage, last_row, out_tmp, padded, end;
} scratch_layout;

/* Filter rows staged at a time when the rows are whole words without dilation and the window is long (as many
 * as fit MG_DSP_CONV_WHOLE_STAGE bytes, at least one); 0: the whole window (taps rounded up to 8), whose one
 * pass costs fewer instructions. */
static int32_t stage_rows_of(int32_t row_bytes, int32_t k8, int32_t dilation_width)
{
    if (dilation_width != 1 || row_bytes % 4 != 0 || k8 <= MG_DSP_CONV_WHOLE_STAGE) {
        return 0;
    }
    return row_bytes < MG_DSP_CONV_WHOLE_STAGE ? MG_DSP_CONV_WHOLE_STAGE / row_bytes : 1;
}

static scratch_layout layout(int32_t filter_height, int32_t filter_width, int32_t input_depth, int32_t dilation_width,
                             int32_t output_depth, int32_t padded_input_bytes, int32_t output_pixels, int32_t pointwise)
{
    const int32_t row_bytes = filter_width * input_depth, k = filter_height * row_bytes, k8 = (k + 7) & ~7;
    scratch_layout l;
    l.stage = (size_t)k8 / 2u * COLS * 4u;
    const int32_t stage_rows = stage_rows_of(row_bytes, k8, dilation_width);
    const size_t stage_bytes = (size_t)(stage_rows ? stage_rows * row_bytes : k8) + 4u;
    l.last_row = l.stage + (pointwise ? 0u : stage_bytes);
    l.out_tmp = l.last_row + (k8 == k ? 0u : (size_t)k8);
    l.padded = l.out_tmp + (output_pixels < COLS ? (size_t)COLS * output_depth : 0u);
    l.end = l.padded + (size_t)padded_input_bytes;
    return l;
}

size_t mg_conv_2d_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width, int32_t input_depth,
                                      int32_t dilation_width, int32_t output_depth, int32_t padded_input_bytes,
                                      int32_t output_pixels, int32_t pointwise)
{
    return layout(filter_height, filter_width, input_depth, dilation_width, output_depth, padded_input_bytes,
                  output_pixels, pointwise)
        .end;
}

/* The column of output pixel `pix` (a group's first): the input position of its window and its rows inside. */
typedef struct {
    int32_t y0, x0, ox, ky0, ky1;
} window_cursor;

static inline void cursor_at(window_cursor *c, const column_geometry *g, const mg_conv_geometry *geo, int32_t pix,
                             int32_t y_start, int32_t x_start)
{
    const int32_t oy = pix / geo->output_width;
    c->ox = pix - oy * geo->output_width;
    c->y0 = y_start + oy * geo->stride_height;
    c->x0 = x_start + c->ox * geo->stride_width;
    window(c->y0, g->dilation_height, g->input_height, g->filter_height, &c->ky0, &c->ky1);
}

void mg_conv_2d_s8_dsp(const mg_conv_2d_dsp_params *p, const int8_t *input, const int8_t *filter, int8_t *output,
                       void *scratch)
{
    if (p->direct != NULL) { /* the generator's choice (conv_2d.h) */
        p->direct(p, input, output, scratch);
        return;
    }
    const int32_t depth = p->geometry.input_depth, fh = p->geometry.filter_height, fw = p->geometry.filter_width;
    const int32_t k = fh * fw * depth, k8 = (k + 7) & ~7;
    const int32_t out_height = p->geometry.output_height, out_width = p->geometry.output_width;
    const int32_t out_depth = p->geometry.output_depth;
    const int32_t stride_h = p->geometry.stride_height, stride_w = p->geometry.stride_width;
    const int32_t pad_h = p->geometry.pad_height, pad_w = p->geometry.pad_width;
    const int32_t in_height = p->geometry.input_height, in_width = p->geometry.input_width;
    const int8_t zp = (int8_t)(-p->input_offset);
    const int doubled = doubled_columns(k, out_depth);
    const int32_t dil_h = p->geometry.dilation_height, dil_w = p->geometry.dilation_width;
    column_geometry g = {input,
                         in_height,
                         in_width,
                         depth,
                         fh,
                         fw,
                         dil_h,
                         dil_w,
                         fw * depth,
                         k8,
                         dil_w == 1 && (fw * depth) % 4 == 0,
                         stage_rows_of(fw * depth, k8, dil_w),
                         doubled,
                         dsp_pair(p->input_offset, p->input_offset),
                         zp};
    const int32_t pixels = out_height * out_width;
    const int pointwise = mg_conv_2d_dsp_pointwise(&p->geometry);
    const scratch_layout at =
        layout(fh, fw, depth, dil_w, out_depth, p->padded_height * p->padded_width * depth, pixels, pointwise);
    uint32_t *cols = scratch;
    int8_t *stage = (int8_t *)scratch + at.stage;
    int8_t *padded = (int8_t *)scratch + at.padded;
    rows_plan plan;
    plan.out_tmp = (int8_t *)scratch + at.out_tmp;
#if MG_DSP_NATIVE
    {
        const int32_t *table = p->channels;
        int8_t *last_row = (int8_t *)scratch + at.last_row;
        const int32_t direct = k8 == k ? out_depth : out_depth - 1;
        const rows_state d = {
            table,     table + ENTRY * direct, filter, k8 - k, cols, cols + k8 / 2 * COLS, 0, out_depth, p->act_min,
            p->act_max};
        const rows_state l = {table + ENTRY * direct,
                              table + ENTRY * out_depth,
                              last_row,
                              0,
                              cols,
                              cols + k8 / 2 * COLS,
                              0,
                              out_depth,
                              p->act_min,
                              p->act_max};
        const int full_range = p->act_min == -128 && p->act_max == 127;
        plan.rows = doubled ? (full_range ? rows_asm : rows_asm_clamp) : (full_range ? rows_asm_x2 : rows_asm_x2_clamp);
        plan.direct = d;
        plan.last = l;
        plan.direct_rows = direct;
        plan.last_rows = out_depth - direct;
        if (plan.last_rows) {
            copy_s8(last_row, filter + (out_depth - 1) * k, k);
            fill_s8(last_row + k, k8 - k, 0);
        }
    }
#endif
    const int32_t image_size = in_height * in_width * depth;
    const int32_t ph = p->padded_height, pw = p->padded_width; /* 0: no padded copy */
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        int32_t y_start = -pad_h, x_start = -pad_w;
        g.image = input + b * image_size;
        int8_t *const out_image = output + b * pixels * out_depth;
        if (!pointwise && ph) {
            /* small inputs go into a copy padded with the zero point: every window lies inside it */
            fill_s8(padded, ph * pw * depth, zp);
            for (int32_t y = 0; y < in_height; ++y) {
                copy_s8(padded + ((y + pad_h) * pw + pad_w) * depth, g.image + y * in_width * depth, in_width * depth);
            }
            g.image = padded;
            g.input_height = ph;
            g.input_width = pw;
            y_start = x_start = 0;
        }
        for (int32_t pix = 0; pix < pixels; pix += COLS) {
            int32_t n = pixels - pix < COLS ? pixels - pix : COLS, kept = 0;
            if (n < COLS && pixels >= COLS) { /* the last group moves back: pixels done before are redone alike */
                kept = COLS - n;
                pix = pixels - COLS;
                n = COLS;
            }
            int8_t *out = out_image + pix * out_depth;
            if (pointwise) { /* the redone pixels from their columns: their input is not read again */
                keep_columns(cols, kept, k8);
                expand_pixels(cols + 2 * kept, g.image + (pix + kept) * depth, depth, n - kept, k8, g.off2, g.doubled);
                filter_rows(p, &plan, filter, cols, out, n);
                continue;
            }
            window_cursor c;
            cursor_at(&c, &g, &p->geometry, pix, y_start, x_start);
            for (int32_t i = 0; i < n; ++i) {
                build_column(&g, c.y0, c.x0, c.ky0, c.ky1, cols + 2 * i, stage);
                c.x0 += stride_w;
                if (++c.ox == out_width) {
                    c.ox = 0;
                    c.x0 = x_start;
                    c.y0 += stride_h;
                    window(c.y0, g.dilation_height, g.input_height, fh, &c.ky0, &c.ky1);
                }
            }
            filter_rows(p, &plan, filter, cols, out, n);
        }
    }
}
