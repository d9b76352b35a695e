/* DEPTHWISE_CONV_2D 16x8, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference DepthwiseConvPerChannel for
 * int16 input (depthwise_conv_2d_s16.c) over the channel-major ring of input rows (mg_dw_ring_s16.h). A 3x3
 * filter at stride 1 takes two outputs per pass: per filter row one LDRD brings the values (x0, x1), (x2, x3),
 * which meet the weight pairs (w0, w1), (w1, w2) held in registers in SMLAD, SMLABT, SMLATB and SMLAD: 18 MACs in
 * 21 instructions; at stride 2 a third word per filter row, 26 instructions. The sums go to scratch, then one pass
 * requantizes the row. At stride 1 a channel with a fast multiplier, without an activation or with ReLU, takes
 * four outputs per pass with the requantization in the loop instead (quad_passes). Other filters go two taps per
 * SMLAD. The int32 sums are exact on the nodes the generator
 * claims (dsp_depthwise_conv_2d_s16.py) and requantized as the dsp 16x8 CONV_2D's (mg_dsp_requant_s16.h). */
#pragma GCC optimize("O3")
#include "depthwise_conv_2d.h"
#include "mg_dw_ring_s16.h"
#include "mg_prepare_weighted.h"

/* The sums of `pairs` pairs of outputs from x, filter row 0's values from the first window's first tap (filter
 * row ky's ky * step bytes further), with k the weight pairs (w0, w1), (w1, w2) of each filter row. */
#if MG_DSP_NATIVE
/* Defines `name`, a loop over the pairs whose assembly BODY sums a pair into s0, s1 and moves x `values` int16 on. */
#define PAIR_SUMS(name, values, BODY)                                                                                  \
    static void name(const int16_t *x, int32_t step, const uint32_t k[6], int32_t pairs, int32_t *sums)                \
    {                                                                                                                  \
        const int16_t *end = x + (values)*pairs;                                                                       \
        uint32_t a, b;                                                                                                 \
        int32_t s0, s1;                                                                                                \
        __asm__ volatile("1:\n\t" BODY "strd %[s0], %[s1], [%[q]], #8\n\t"                                             \
                         "ldr %[a], %[end]\n\t"                                                                        \
                         "cmp %[x], %[a]\n\t"                                                                          \
                         "bne 1b\n\t"                                                                                  \
                         : [x] "+r"(x), [q] "+r"(sums), [a] "=&r"(a), [b] "=&r"(b), [s0] "=&r"(s0), [s1] "=&r"(s1)     \
                         : [d] "r"(step), [k0] "r"(k[0]), [k1] "r"(k[1]), [k2] "r"(k[2]), [k3] "r"(k[3]),              \
                           [k4] "r"(k[4]), [k5] "r"(k[5]), [end] "m"(end)                                              \
                         : "cc", "memory");                                                                            \
    }

PAIR_SUMS(pair_sums, 2,
          "add %[b], %[x], %[d]\n\t" /* filter row 1 */
          "ldrd %[a], %[b], [%[b]]\n\t"
          "smuad %[s0], %[a], %[k2]\n\t"
          "smultb %[s1], %[a], %[k2]\n\t"
          "smlabt %[s0], %[b], %[k3], %[s0]\n\t"
          "smlad %[s1], %[b], %[k3], %[s1]\n\t"
          "add %[b], %[x], %[d], lsl #1\n\t" /* filter row 2 */
          "ldrd %[a], %[b], [%[b]]\n\t"
          "smlad %[s0], %[a], %[k4], %[s0]\n\t"
          "smlatb %[s1], %[a], %[k4], %[s1]\n\t"
          "smlabt %[s0], %[b], %[k5], %[s0]\n\t"
          "smlad %[s1], %[b], %[k5], %[s1]\n\t"
          "ldrd %[a], %[b], [%[x]], #4\n\t" /* filter row 0, then the next pair */
          "smlad %[s0], %[a], %[k0], %[s0]\n\t"
          "smlatb %[s1], %[a], %[k0], %[s1]\n\t"
          "smlabt %[s0], %[b], %[k1], %[s0]\n\t"
          "smlad %[s1], %[b], %[k1], %[s1]\n\t")

/* The same at stride 2: the second window starts two values on, so per filter row the words (x0, x1), (x2, x3),
 * (x4, x5) meet (w0, w1) in SMLAD and (w2, 0) in SMLABB; k holds those two words per filter row. */
PAIR_SUMS(pair_sums_stride2, 4,
          "add %[b], %[x], %[d]\n\t" /* filter row 1 */
          "ldrd %[a], %[b], [%[b]]\n\t"
          "smuad %[s0], %[a], %[k2]\n\t"
          "smlabb %[s0], %[b], %[k3], %[s0]\n\t"
          "smuad %[s1], %[b], %[k2]\n\t"
          "add %[a], %[x], %[d]\n\t"
          "ldr %[a], [%[a], #8]\n\t"
          "smlabb %[s1], %[a], %[k3], %[s1]\n\t"
          "add %[b], %[x], %[d], lsl #1\n\t" /* filter row 2 */
          "ldrd %[a], %[b], [%[b]]\n\t"
          "smlad %[s0], %[a], %[k4], %[s0]\n\t"
          "smlabb %[s0], %[b], %[k5], %[s0]\n\t"
          "smlad %[s1], %[b], %[k4], %[s1]\n\t"
          "add %[a], %[x], %[d], lsl #1\n\t"
          "ldr %[a], [%[a], #8]\n\t"
          "smlabb %[s1], %[a], %[k5], %[s1]\n\t"
          "ldrd %[a], %[b], [%[x]], #8\n\t" /* filter row 0, then the next pair */
          "smlad %[s0], %[a], %[k0], %[s0]\n\t"
          "smlabb %[s0], %[b], %[k1], %[s0]\n\t"
          "smlad %[s1], %[b], %[k0], %[s1]\n\t"
          "ldr %[a], [%[x]]\n\t"
          "smlabb %[s1], %[a], %[k1], %[s1]\n\t")
#else
static void pair_sums(const int16_t *x, int32_t step, const uint32_t k[6], int32_t pairs, int32_t *sums)
{
    for (int32_t i = 0; i < pairs; ++i, x += 2, sums += 2) {
        int32_t s0 = 0, s1 = 0;
        for (int32_t ky = 0; ky < 3; ++ky) {
            const uint32_t a = dsp_ld32((const char *)x + ky * step), b = dsp_ld32((const char *)x + ky * step + 4);
            s0 = dsp_smlabt(b, k[2 * ky + 1], dsp_smlad(a, k[2 * ky], s0)); /* x0 w0 + x1 w1, + x2 w2 */
            s1 = dsp_smlad(b, k[2 * ky + 1], dsp_smlatb(a, k[2 * ky], s1)); /* x1 w0, + x2 w1 + x3 w2 */
        }
        sums[0] = s0, sums[1] = s1;
    }
}

static void pair_sums_stride2(const int16_t *x, int32_t step, const uint32_t k[6], int32_t pairs, int32_t *sums)
{
    for (int32_t i = 0; i < pairs; ++i, x += 4, sums += 2) {
        int32_t s0 = 0, s1 = 0;
        for (int32_t ky = 0; ky < 3; ++ky) {
            const char *row = (const char *)x + ky * step;
            const uint32_t a = dsp_ld32(row), b = dsp_ld32(row + 4), c = dsp_ld32(row + 8);
            s0 = dsp_smlabb(b, k[2 * ky + 1], dsp_smlad(a, k[2 * ky], s0));
            s1 = dsp_smlabb(c, k[2 * ky + 1], dsp_smlad(b, k[2 * ky], s1));
        }
        sums[0] = s0, sums[1] = s1;
    }
}
#endif

/* The 3x3 stride-1 loop with the requantization folded in (channels with a fast multiplier, without an activation
 * or with ReLU): four outputs per pass, per filter row one LDM of (x0, x1), (x2, x3), (x4, x5) against the weight
 * pairs (w0, w1), (w1, w2) in eight SMLAD/SMLATB/SMLABT, the first row's added to the bias; then SMMULR, SSAT (USAT
 * with ReLU) and the stores: 36 MACs in 51 instructions. The constants lie on the stack in this order. */
typedef struct {
    uint32_t k[6];      /* per filter row (w0, w1), (w1, w2) */
    int32_t bias;       /* the channel's int32 bias */
    int32_t multiplier; /* its fast multiplier (mg_dsp_requant_s16.h) */
    int32_t step;       /* bytes from one filter row's input row to the next */
    int32_t out_step;   /* bytes from one output of the channel to the next */
} quad_consts;

#if MG_DSP_NATIVE
/* Row ky's eight multiplies into r8-r11 (outputs 0-3): r5-r7 the values, r12 (w0, w1), lr (w1, w2); FIRST names the
 * accumulators' addend (the bias in r11 for row 0). */
#define QUAD_ROW(ky, FIRST0, FIRST1, FIRST2, FIRST3)                                                                   \
    "ldrd r12, lr, [sp, #" #ky " * 8]\n\t"                                                                             \
    "smlad r8, r5, r12, " FIRST0 "\n\t"                                                                                \
    "smlatb r9, r5, r12, " FIRST1 "\n\t"                                                                               \
    "smlad r10, r6, r12, " FIRST2 "\n\t"                                                                               \
    "smlatb r11, r6, r12, " FIRST3 "\n\t"                                                                              \
    "smlabt r8, r6, lr, r8\n\t"                                                                                        \
    "smlad r9, r6, lr, r9\n\t"                                                                                         \
    "smlabt r10, r7, lr, r10\n\t"                                                                                      \
    "smlad r11, r7, lr, r11\n\t"

/* Defines `name`(x, consts, out, passes): `passes` passes of four outputs from x (filter row 0's input row at the
 * first window), SATURATE the instruction that clamps r8-r11 to the activation range. */
#define QUAD_PASSES(name, SATURATE)                                                                                    \
    __attribute__((naked)) static void name(const int16_t *x, const quad_consts *c, int16_t *out, int32_t passes)      \
    {                                                                                                                  \
        (void)x, (void)c, (void)out, (void)passes;                                                                     \
        __asm__ volatile(".syntax unified\n\t"                                                                         \
                         "push {r4-r11, lr}\n\t"                                                                       \
                         "ldm r1, {r4-r12, lr}\n\t"                                                                    \
                         "push {r4-r12, lr}\n\t" /* the constants, sp-relative */                                      \
                         "ldr r1, [sp, #32]\n\t" /* step */                                                            \
                         "ldr r4, [sp, #36]\n\t" /* out_step */                                                        \
                         "1:\n\t"                                                                                      \
                         "ldr r11, [sp, #24]\n\t"                                                                      \
                         "ldm r0, {r5, r6, r7}\n\t" QUAD_ROW(                                                          \
                             0, "r11", "r11", "r11",                                                                   \
                             "r11") "add r5, r0, r1\n\t"                                                               \
                                    "ldm r5, {r5, r6, r7}\n\t" QUAD_ROW(                                               \
                                        1, "r8", "r9", "r10",                                                          \
                                        "r11") "add r5, r0, r1, lsl #1\n\t"                                            \
                                               "ldm r5, {r5, r6, r7}\n\t" QUAD_ROW(                                    \
                                                   2, "r8", "r9", "r10",                                               \
                                                   "r11") "ldr r12, [sp, #28]\n\t"                                     \
                                                          "smmulr r8, r8, r12\n\t"                                     \
                                                          "smmulr r9, r9, r12\n\t"                                     \
                                                          "smmulr r10, r10, r12\n\t"                                   \
                                                          "smmulr r11, r11, r12\n\t" SATURATE("r8") SATURATE("r9")     \
                                                              SATURATE("r10")                                          \
                                                                  SATURATE("r11") "strh r8, [r2]\n\t"                  \
                                                                                  "strh r9, [r2, r4]\n\t"              \
                                                                                  "add r2, r2, r4, lsl #1\n\t"         \
                                                                                  "strh r10, [r2]\n\t"                 \
                                                                                  "strh r11, [r2, r4]\n\t"             \
                                                                                  "add r2, r2, r4, lsl #1\n\t"         \
                                                                                  "adds r0, #8\n\t"                    \
                                                                                  "subs r3, #1\n\t"                    \
                                                                                  "bne 1b\n\t"                         \
                                                                                  "add sp, #40\n\t"                    \
                                                                                  "pop {r4-r11, pc}\n\t");             \
    }
#define SSAT16(r) "ssat " r ", #16, " r "\n\t"
#define USAT15(r) "usat " r ", #15, " r "\n\t"
QUAD_PASSES(quad_passes, SSAT16)
QUAD_PASSES(quad_passes_relu, USAT15)
#undef SSAT16
#undef USAT15
#undef QUAD_PASSES
#undef QUAD_ROW
#else
static void quad_outputs(const int16_t *x, const quad_consts *c, int16_t *out, int32_t passes, int relu)
{
    for (int32_t i = 0; i < passes; ++i, x += 4) {
        int32_t s[4] = {c->bias, c->bias, c->bias, c->bias};
        for (int32_t ky = 0; ky < 3; ++ky) {
            const char *row = (const char *)x + ky * c->step;
            const uint32_t a = dsp_ld32(row), b = dsp_ld32(row + 4), v = dsp_ld32(row + 8);
            const uint32_t ke = c->k[2 * ky], ko = c->k[2 * ky + 1];
            s[0] = dsp_smlabt(b, ko, dsp_smlad(a, ke, s[0]));
            s[1] = dsp_smlad(b, ko, dsp_smlatb(a, ke, s[1]));
            s[2] = dsp_smlabt(v, ko, dsp_smlad(b, ke, s[2]));
            s[3] = dsp_smlad(v, ko, dsp_smlatb(b, ke, s[3]));
        }
        for (int32_t j = 0; j < 4; ++j, out = (int16_t *)((char *)out + c->out_step)) {
            *out = (int16_t)mg_clamp(dsp_smmulr(s[j], c->multiplier), relu ? 0 : INT16_MIN, INT16_MAX);
        }
    }
}

static void quad_passes(const int16_t *x, const quad_consts *c, int16_t *out, int32_t passes)
{
    quad_outputs(x, c, out, passes, 0);
}

static void quad_passes_relu(const int16_t *x, const quad_consts *c, int16_t *out, int32_t passes)
{
    quad_outputs(x, c, out, passes, 1);
}
#endif

/* Every output channel's weight pairs (mg_dw_ring_pair_words) into the ring's table, once per invoke. */
static void pair_table(const mg_dw_ring_s16 *ring, const int8_t *filter)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t depth = g->output_depth, width = g->filter_width, words = mg_dw_ring_pair_words(width);
    uint32_t *k = ring->table;
    for (int32_t o = 0; o < depth; ++o) {
        for (int32_t ky = 0; ky < g->filter_height; ++ky) {
            const int8_t *t = filter + ky * width * depth + o;
            for (int32_t j = 0; j < words / 2; ++j, k += 2) {
                const int32_t a = 2 * j - 1, b = 2 * j, c = 2 * j + 1; /* taps, zero outside the filter */
                const int8_t wa = a >= 0 ? t[a * depth] : 0, wb = b < width ? t[b * depth] : 0;
                const int8_t wc = c < width ? t[c * depth] : 0;
                k[0] = dsp_pair(wb, wc);
                k[1] = dsp_pair(wa, wb);
            }
        }
    }
}

/* The sums of two neighbouring outputs (the first's window at the aligned x, filter rows `step` bytes apart) from
 * the same words: per word one load, the pair P_j, Q_j in one LDRD and two SMLAD. A filter row's words run
 * unrolled (each word's four instructions 16 bytes of code, entered WINDOW_WORDS - words blocks in) up to
 * WINDOW_WORDS words, in a loop past that. */
#if MG_DSP_NATIVE
#define WINDOW_WORDS 9
#define WINDOW_WORD                                                                                                    \
    "ldr.w %[v], [%[d]], #4\n\t"                                                                                       \
    "ldrd %[p], %[q], [%[k]], #8\n\t"                                                                                  \
    "smlad %[s0], %[v], %[p], %[s0]\n\t"                                                                               \
    "smlad %[s1], %[v], %[q], %[s1]\n\t"
#define WINDOW_OPERANDS                                                                                                \
    : [x] "+&r"(x), [k] "+&r"(k), [rows] "+&r"(rows), [s0] "+&r"(s0), [s1] "+&r"(s1), [d] "=&r"(d), [n] "=&r"(count), \
      [v] "=&r"(v), [p] "=&r"(p), [q] "=&r"(q)                                                                         \
    : [words] "r"(words), [step] "r"(step)                                                                             \
    : "cc", "memory"
static void window_pair(const int16_t *x, int32_t step, const uint32_t *k, int32_t rows, int32_t words, int32_t *sums)
{
    int32_t s0 = 0, s1 = 0, count;
    const int16_t *d;
    uint32_t v, p, q;
    if (words <= WINDOW_WORDS) {
        __asm__ volatile("adr %[n], 3f\n\t"
                         "sub %[n], %[n], %[words], lsl #4\n" /* the entry: `words` blocks before the end */
                         "1:\n\t"
                         "mov %[d], %[x]\n\t"
                         "mov pc, %[n]\n\t" WINDOW_WORD WINDOW_WORD WINDOW_WORD WINDOW_WORD WINDOW_WORD WINDOW_WORD
                             WINDOW_WORD WINDOW_WORD WINDOW_WORD "3:\n\t"
                         "add %[x], %[step]\n\t"
                         "subs %[rows], #1\n\t"
                         "bne 1b" WINDOW_OPERANDS);
    } else {
        __asm__ volatile("1:\n\t"
                         "mov %[d], %[x]\n\t"
                         "mov %[n], %[words]\n"
                         "2:\n\t" WINDOW_WORD "subs %[n], #1\n\t"
                         "bne 2b\n\t"
                         "add %[x], %[step]\n\t"
                         "subs %[rows], #1\n\t"
                         "bne 1b" WINDOW_OPERANDS);
    }
    sums[0] = s0, sums[1] = s1;
}
#undef WINDOW_OPERANDS
#undef WINDOW_WORD
#undef WINDOW_WORDS
#else
static void window_pair(const int16_t *x, int32_t step, const uint32_t *k, int32_t rows, int32_t words, int32_t *sums)
{
    int32_t s0 = 0, s1 = 0;
    for (int32_t ky = 0; ky < rows; ++ky, x = (const int16_t *)(const void *)((const char *)x + step)) {
        for (int32_t j = 0; j < words; ++j, k += 2) {
            const uint32_t v = dsp_ld32(x + 2 * j);
            s0 = dsp_smlad(v, k[0], s0);
            s1 = dsp_smlad(v, k[1], s1);
        }
    }
    sums[0] = s0, sums[1] = s1;
}
#endif

/* The sums of an output row of one channel, any filter, stride and dilation. x is filter row 0's input row
 * (filter row ky's ky * step values further), k the channel's weight pairs (without dilation along rows), w its
 * first weight (taps `depth` apart). At stride 1 two outputs a pass from the same aligned words, P_j for the first
 * and Q_j for the second (the ring's rows hold the values past a window); at other strides each output's unaligned
 * words against P_j; with a dilation along rows tap by tap. */
static void tap_sums(const mg_conv_geometry *g, const int16_t *x, int32_t step, const uint32_t *k, const int8_t *w,
                     int32_t *sums)
{
    const int32_t depth = g->output_depth, words = mg_dw_ring_pair_words(g->filter_width) / 2;
    if (g->dilation_width == 1 && g->stride_width == 1) {
        for (int32_t ox = 0; ox < g->output_width; ox += 2) {
            window_pair(x + ox, step * (int32_t)sizeof(int16_t), k, g->filter_height, words, sums + ox);
        }
        return;
    }
    for (int32_t ox = 0; ox < g->output_width; ++ox) {
        const int16_t *window = x + ox * g->stride_width;
        int32_t sum = 0;
        for (int32_t ky = 0; ky < g->filter_height; ++ky, window += step) {
            if (g->dilation_width == 1) {
                const uint32_t *row_pairs = k + 2 * ky * words;
                for (int32_t j = 0; j < words; ++j) {
                    sum = dsp_smlad(dsp_ld32(window + 2 * j), row_pairs[2 * j], sum);
                }
                continue;
            }
            const int8_t *t = w + ky * g->filter_width * depth;
            for (int32_t kx = 0; kx < g->filter_width; ++kx) {
                sum += window[kx * g->dilation_width] * t[kx * depth];
            }
        }
        sums[ox] = sum;
    }
}

/* n outputs from their sums with channel ch's fast multiplier, `depth` apart from out: four instructions each. */
static inline __attribute__((always_inline)) void
requantize_fast(const int32_t *sums, int32_t n, const mg_dsp_s16_channel *ch, int16_t *out, int32_t depth, int relu)
{
    const int32_t bias = ch->bias, multiplier = ch->fast_multiplier;
    for (int32_t i = 0; i < n; ++i, out += depth) {
        *out = (int16_t)mg_dsp_saturate16(dsp_smmulr(sums[i] + bias, multiplier), relu);
    }
}

/* The outputs of channel ch from its sums, `depth` apart from out: a fast multiplier without an activation or with
 * ReLU by requantize_fast, others through mg_dsp_s16_output. */
static void requantize_row(const int32_t *sums, int32_t n, const mg_dsp_s16_channel *ch, mg_requant_s16_step *step,
                           int16_t *out, int32_t depth)
{
    if (ch->fast_multiplier && step->act_max == INT16_MAX && step->act_min == INT16_MIN) {
        requantize_fast(sums, n, ch, out, depth, 0);
        return;
    }
    if (ch->fast_multiplier && step->act_max == INT16_MAX && step->act_min == 0) {
        requantize_fast(sums, n, ch, out, depth, 1);
        return;
    }
    for (int32_t i = 0; i < n; ++i, out += depth) {
        *out = mg_dsp_s16_output(ch, step, sums[i]);
    }
}

/* 1 without an activation, 2 with ReLU (the ranges the fused loop clamps to), else 0. */
static int fused_activation(int32_t act_min, int32_t act_max)
{
    if (act_max != INT16_MAX) {
        return 0;
    }
    return act_min == INT16_MIN ? 1 : act_min == 0 ? 2 : 0;
}

_Static_assert(sizeof(quad_consts) == MG_DW_RING_FUSED_WORDS * sizeof(uint32_t), "the ring's fused words");

/* The fused loop's constants of every channel (once per invoke, in the ring's fused words): step is the bytes from
 * one filter row's input row to the next. */
static void quad_channels(const mg_dw_ring_s16 *ring, const int8_t *filter, int32_t step)
{
    const int32_t depth = ring->g->output_depth;
    quad_consts *c = (quad_consts *)ring->fused;
    for (int32_t o = 0; o < depth; ++o, ++c) {
        for (int32_t ky = 0; ky < 3; ++ky) {
            const int8_t *t = filter + 3 * ky * depth + o;
            c->k[2 * ky] = dsp_pair(t[0], t[depth]);
            c->k[2 * ky + 1] = dsp_pair(t[depth], t[2 * depth]);
        }
        c->bias = ring->channels[o].bias;
        c->multiplier = ring->channels[o].fast_multiplier;
        c->step = step;
        c->out_step = depth * (int32_t)sizeof(int16_t);
    }
}

/* An output row of channel ch (a fast multiplier), 3x3 at stride 1, c its fused-loop constants: whole passes of
 * four outputs in the fused loop, the last width mod 4 one by one. x is filter row 0's input row, activation as
 * fused_activation. */
static void quad_row(const mg_conv_geometry *g, const int16_t *x, const quad_consts *c, const mg_dsp_s16_channel *ch,
                     int activation, mg_requant_s16_step *rq, int16_t *out)
{
    const int32_t passes = g->output_width / 4;
    if (passes) {
        (activation == 1 ? quad_passes : quad_passes_relu)(x, c, out, passes);
    }
    for (int32_t ox = 4 * passes; ox < g->output_width; ++ox) {
        int32_t sum = 0;
        for (int32_t ky = 0; ky < 3; ++ky) {
            const int16_t *row = (const int16_t *)((const char *)x + ky * c->step) + ox;
            sum = dsp_smlabt(dsp_ld32(row + 2), c->k[2 * ky + 1], dsp_smlad(dsp_ld32(row), c->k[2 * ky], sum));
        }
        out[ox * g->output_depth] = mg_dsp_s16_output(ch, rq, sum);
    }
}

/* An output row of channel o from a row of sums: x is filter row 0's input row, pairs as in the kernel below. */
static inline __attribute__((always_inline)) void sums_row(const mg_conv_geometry *g, int pairs, const int16_t *x,
                                                           int32_t row_step, const int8_t *filter, int32_t o,
                                                           const mg_dw_ring_s16 *ring, mg_requant_s16_step *step,
                                                           int16_t *out)
{
    const int32_t depth = g->output_depth;
    if (pairs) {
        const int32_t stride = g->stride_width, bytes = row_step * (int32_t)sizeof(int16_t);
        uint32_t k[6];
        for (int32_t ky = 0; ky < 3; ++ky) {
            const int8_t *t = filter + 3 * ky * depth + o;
            k[2 * ky] = dsp_pair(t[0], t[depth]);
            k[2 * ky + 1] = stride == 1 ? dsp_pair(t[depth], t[2 * depth]) : dsp_pair(t[2 * depth], 0);
        }
        (stride == 1 ? pair_sums : pair_sums_stride2)(x, bytes, k, (g->output_width + 1) / 2, ring->sums);
    } else {
        const int32_t words = g->filter_height * mg_dw_ring_pair_words(g->filter_width);
        tap_sums(g, x, row_step, ring->table + o * words, filter + o, ring->sums);
    }
    requantize_row(ring->sums, g->output_width, &ring->channels[o], step, out, depth);
}

void mg_depthwise_conv_2d_s16_dsp(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                                  const uint8_t *filter_scales, const int64_t *bias, int16_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->output_depth;
    /* 3x3 without dilation along rows, at stride 1 or 2: two outputs per pass */
    const int pairs = g->filter_height == 3 && g->filter_width == 3 && g->dilation_width == 1 && g->stride_width <= 2;
    mg_dw_ring_s16 ring;
    mg_dw_ring_s16_init(&ring, p, filter_scales, bias, scratch);
    mg_requant_s16_step step = {1, 0, 0, 0, p->act_min, p->act_max};
    const int32_t row_step = mg_dw_ring_s16_row_step(&ring);
    if (g->dilation_width == 1 && mg_dw_ring_weight_table_words(g)) {
        pair_table(&ring, filter);
    }
    /* 3x3 at stride 1 with the requantization in the loop: ReLU or no activation (0: neither) */
    const int quads = pairs && g->stride_width == 1 ? fused_activation(p->act_min, p->act_max) : 0;
    if (quads) { /* a loop of its own, so that the other paths' code stays as it was */
        quad_channels(&ring, filter, row_step * (int32_t)sizeof(int16_t));
        const quad_consts *fused = (const quad_consts *)ring.fused;
        MG_DW_RING_S16_FOR_CHANNEL_ROWS(&ring, p, depth, input, output, x, out, o, {
            if (ring.channels[o].fast_multiplier) {
                quad_row(g, x, &fused[o], &ring.channels[o], quads, &step, out + o);
            } else {
                sums_row(g, pairs, x, row_step, filter, o, &ring, &step, out + o);
            }
        })
        return;
    }
    MG_DW_RING_S16_FOR_CHANNEL_ROWS(&ring, p, depth, input, output, x, out, o,
                                    { sums_row(g, pairs, x, row_step, filter, o, &ring, &step, out + o); })
}

/* In this file, not the backend's registration (depthwise_conv_2d_dsp.c), so that a model without 16x8 nodes
 * leaves it out with the kernel. */
mg_status mg_depthwise_conv_2d_s16_dsp_prepare(mg_node *node)
{
    return mg_depthwise_conv_2d_s16_backend_prepare(node);
}
