#pragma GCC optimize("O2")
#include "mg_dw_multiplier.h"

#if !MG_DSP_NATIVE
/* Two filters over the run (mg_dw_multiplier_dot), for the host build and as the reference of the assembly. */
static inline const uint32_t *pair(const uint32_t *run, const uint32_t *w, int32_t words, const dsp_channel *ch,
                                   int32_t *v)
{
    int32_t s0 = ch[0].bias, s1 = ch[1].bias;
    for (int32_t k = 0; k < words; k += 4, w += 8) {
        for (int32_t j = 0; j < 4; ++j) {
            s0 = dsp_smlad(run[k + j], w[j], s0);
            s1 = dsp_smlad(run[k + j], w[4 + j], s1);
        }
    }
    v[0] = dsp_requant(s0, ch[0].multiplier, ch[0].offset, ch[0].shift);
    v[1] = dsp_requant(s1, ch[1].multiplier, ch[1].offset, ch[1].shift);
    return w;
}
#endif

/* One filter (an odd multiplier's last) over the run, its weights in order. */
static inline __attribute__((always_inline)) const uint32_t *single(const uint32_t *run, const uint32_t *w,
                                                                    int32_t words, const dsp_channel *ch, int32_t *v)
{
    int32_t s0 = ch->bias;
#if MG_DSP_NATIVE
    const uint32_t *x = run, *end = run + words;
    __asm__ volatile("1:\n\t"
                     "ldmia %[x]!, {r4, r5, r6, r7}\n\t"
                     "ldmia %[w]!, {r8, r9, r10, r11}\n\t"
                     "smlad %[s0], r4, r8, %[s0]\n\t"
                     "smlad %[s0], r5, r9, %[s0]\n\t"
                     "smlad %[s0], r6, r10, %[s0]\n\t"
                     "smlad %[s0], r7, r11, %[s0]\n\t"
                     "cmp %[x], %[end]\n\t"
                     "bne 1b\n\t"
                     : [s0] "+r"(s0), [x] "+r"(x), [w] "+r"(w)
                     : [end] "r"(end)
                     : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "cc", "memory");
#else
    for (int32_t k = 0; k < words; ++k) {
        s0 = dsp_smlad(run[k], *w++, s0);
    }
#endif
    *v = dsp_requant(s0, ch->multiplier, ch->offset, ch->shift);
    return w;
}

size_t mg_depthwise_conv_2d_multiplier_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width,
                                                           int32_t block_pixels, int32_t stride_width,
                                                           int32_t dilation_width)
{
    return mg_dw_multiplier_scratch_bytes(filter_height, filter_width, block_pixels, stride_width, dilation_width);
}

#if MG_DSP_NATIVE
/* The pairs loop of pixel(), with either clamp. */
#define MG_DW_PAIRS_HEAD                                                                                               \
    "0:\n\t"                                                                                                           \
    "ldmia %[ch], {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"                                                              \
    "mov %[s0], r4\n\t"                                                                                                \
    "mov %[s1], r8\n\t"                                                                                                \
    "1:\n\t"                                                                                                           \
    "ldmia %[x]!, {r4, r5, r6, r7}\n\t"                                                                                \
    "ldmia %[w]!, {r8, r9, r10, r11}\n\t"                                                                              \
    "smlad %[s0], r4, r8, %[s0]\n\t"                                                                                   \
    "smlad %[s0], r5, r9, %[s0]\n\t"                                                                                   \
    "smlad %[s0], r6, r10, %[s0]\n\t"                                                                                  \
    "smlad %[s0], r7, r11, %[s0]\n\t"                                                                                  \
    "ldmia %[w]!, {r8, r9, r10, r11}\n\t"                                                                              \
    "smlad %[s1], r4, r8, %[s1]\n\t"                                                                                   \
    "smlad %[s1], r5, r9, %[s1]\n\t"                                                                                   \
    "smlad %[s1], r6, r10, %[s1]\n\t"                                                                                  \
    "smlad %[s1], r7, r11, %[s1]\n\t"                                                                                  \
    "cmp %[x], %[end]\n\t"                                                                                             \
    "bne 1b\n\t"                                                                                                       \
    "ldmia %[ch]!, {r4, r5, r6, r7, r8, r9, r10, r11}\n\t"                                                             \
    "add r6, r6, %[s0], asr #31\n\t"                                                                                   \
    "smmlar %[s0], %[s0], r5, r6\n\t"                                                                                  \
    "asr %[s0], %[s0], r7\n\t"                                                                                         \
    "add r10, r10, %[s1], asr #31\n\t"                                                                                 \
    "smmlar %[s1], %[s1], r9, r10\n\t"                                                                                 \
    "asr %[s1], %[s1], r11\n\t"
#define MG_DW_CLAMP_SSAT                                                                                               \
    "ssat %[s0], #8, %[s0]\n\t"                                                                                        \
    "ssat %[s1], #8, %[s1]\n\t"
#define MG_DW_CLAMP_RANGE                                                                                              \
    "ldrd r4, r5, %[range]\n\t"                                                                                        \
    "cmp %[s0], r4\n\t"                                                                                                \
    "it lt\n\t"                                                                                                        \
    "movlt %[s0], r4\n\t"                                                                                              \
    "cmp %[s0], r5\n\t"                                                                                                \
    "it gt\n\t"                                                                                                        \
    "movgt %[s0], r5\n\t"                                                                                              \
    "cmp %[s1], r4\n\t"                                                                                                \
    "it lt\n\t"                                                                                                        \
    "movlt %[s1], r4\n\t"                                                                                              \
    "cmp %[s1], r5\n\t"                                                                                                \
    "it gt\n\t"                                                                                                        \
    "movgt %[s1], r5\n\t"
#define MG_DW_PAIRS_TAIL                                                                                               \
    "ldr r4, %[out]\n\t"                                                                                               \
    "strb %[s0], [r4], #1\n\t"                                                                                         \
    "strb %[s1], [r4], #1\n\t"                                                                                         \
    "str r4, %[out]\n\t"                                                                                               \
    "ldr r4, %[run_bytes]\n\t"                                                                                         \
    "sub %[x], %[end], r4\n\t"                                                                                         \
    "ldr r4, %[pairs]\n\t"                                                                                             \
    "subs r4, #1\n\t"                                                                                                  \
    "str r4, %[pairs]\n\t"                                                                                             \
    "bne 0b\n\t"
#define MG_DW_PAIRS_OPERANDS                                                                                           \
    : [s0] "=&r"(s0), [s1] "=&r"(s1), [x] "+r"(x), [w] "+r"(w), [ch] "+r"(ch), [out] "+m"(st.out), \
    [pairs] "+m"(st.pairs) \
    : [end] "r"(end), [run_bytes] "m"(st.run_bytes), [range] "m"(st.act_min) \
    : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "cc", "memory"

#endif

/* A pixel (mg_dw_multiplier_pixel): the multiplier's pairs of filters in one assembly loop, the last filter of an
 * odd multiplier after it. */
static const uint32_t *pixel(const uint32_t *run, const uint32_t *w, int32_t words, const dsp_channel *ch, int8_t *out,
                             int32_t multiplier, int32_t act_min, int32_t act_max)
{
#if MG_DSP_NATIVE
    const int32_t pairs = multiplier / 2;
    if (pairs > 0) {
        /* per pair: one LDM of both channels' constants for the biases, per four words of the run three LDM and
         * eight SMLAD (16 MACs in 13 instructions with the loop), one LDM of the constants again and three
         * instructions per requantization, the clamps, the stores and the pair count in memory */
        struct {
            int8_t *out;
            int32_t run_bytes;
            int32_t pairs;
            int32_t act_min, act_max;
        } st = {out, words * 4, pairs, act_min, act_max};
        int32_t s0, s1;
        const uint32_t *x = run, *end = run + words;
        if (act_min == -128 && act_max == 127) {
            __asm__ volatile(MG_DW_PAIRS_HEAD MG_DW_CLAMP_SSAT MG_DW_PAIRS_TAIL MG_DW_PAIRS_OPERANDS);
        } else {
            __asm__ volatile(MG_DW_PAIRS_HEAD MG_DW_CLAMP_RANGE MG_DW_PAIRS_TAIL MG_DW_PAIRS_OPERANDS);
        }
        out = st.out;
    }
    if (multiplier & 1) {
        int32_t v;
        w = single(run, w, words, ch, &v);
        *out = (int8_t)dsp_clamp(v, act_min, act_max);
    }
    return w;
#else
    return mg_dw_multiplier_pixel_pairs(run, w, words, ch, out, multiplier, act_min, act_max, pair, single);
#endif
}

void mg_depthwise_conv_2d_multiplier_s8_dsp(const mg_depthwise_conv_2d_multiplier_dsp_params *p, const int8_t *input,
                                            const int8_t *filter, int8_t *output, void *scratch)
{
    (void)filter; /* the generator's doubled int16 copy (p->weights) is read instead */
    mg_dw_multiplier_run(p, input, output, scratch, pixel);
}
