/* The portable backend's matrix core (plain C for cores without the DSP extension: Cortex-M0/M0+, ARMv6-M, and
 * Cortex-M3, ARMv7-M), shared by its CONV_2D and FULLY_CONNECTED kernels.
 *
 * Both operands are bytes biased by 128, so that the inner loop reads them with plain zero-extending byte loads
 * at immediate offsets (ARMv6-M has no sign-extending load with an immediate offset):
 *   - the generator stores each group of MG_PORTABLE_GROUP output channels' weights interleaved, k by k
 *     (w[o][k] + 128 at [(o / 4) * taps_padded * 4 + k * 4 + o % 4]), zeros after the last tap and channel;
 *   - the kernel stages a pixel's window (or a batch row) as x + 128 in scratch, the padding as the input zero
 *     point (x = zp), and sums the staged values of the window's taps, X.
 * Then sum_k (x - zp) * w = sum_k (x + 128)(w + 128) - 128 * X + C, with C = bias - (128 + zp) * sum_k (w + 128) +
 * 128 * (128 + zp) * taps per channel, folded by the generator into the channel table, all modulo 2^32 like
 * TFLite Micro's int32 sums. One pixel against four channels: per tap one input byte, four weight bytes, four
 * multiplies and four additions (3.25 instructions per MAC on ARMv6-M). */
#ifndef MG_PORTABLE_DOT_H
#define MG_PORTABLE_DOT_H

#include <stdint.h>

#include "mg_fixedpoint.h"

#define MG_PORTABLE_GROUP 4   /* output channels per pass over the staged values */
#define MG_PORTABLE_CHUNK 768 /* most staged values at once (a FULLY_CONNECTED row is staged in chunks) */

#define MG_PORTABLE_TAPS_ALIGN 8  /* staged values and weights per channel are padded to a multiple of this */
#define MG_PORTABLE_PAIR_TAPS 768 /* CONV_2D stages pixels four (ARMv6-M: two) at once up to this many taps */

static inline int32_t mg_portable_round8(int32_t n)
{
    return (n + 7) & ~7;
}

/* The raw sums of one group of four channels over `taps8` staged values (a multiple of MG_PORTABLE_TAPS_ALIGN):
 * an assembly loop on ARMv6-M and ARMv7-M (portable_dot8.c), C elsewhere (the host build). */
void mg_portable_dot8(const uint8_t *x, const uint8_t *w, int32_t taps8, uint32_t sums[4]);

/* The staged pixels' values side by side in words (mg_portable_dot8x4_wide), value k of the first of a pair in bits
 * 0-7 of word k and of the second in bits 24-31, so that one 32x32 -> 64-bit multiply-accumulate per weight (UMLAL on
 * ARMv7-M) sums both: the first pixel's sums stay in the product's low 24 bits while the taps are at most
 * MG_PORTABLE_WIDE_TAPS (255 * 255 * 256 < 2^24), the second's sit above them. ARMv7-M and the host (C, 64-bit
 * sums); ARMv6-M has no long multiply and keeps mg_portable_dot8. */
#define MG_PORTABLE_WIDE_TAPS 256

/* Four staged pixels as two pairs' words, tap by tap side by side (xx[2k]: pixels 0 and 1, xx[2k + 1]: 2 and 3),
 * against two channels of a group (w: the first one's weights): each weight byte loaded once meets both words
 * (0.9 instructions per MAC with the loop on ARMv7-M; registers allow two channels, not four). `taps` a multiple of
 * 4 (not 8: a window of 12 values reads no padding). Each sum goes to sums[p * MG_PORTABLE_SUMS_STRIDE + c] (pixel
 * p, channel c of the two), added to it where `add`. ARMv7-M and the host. */
#define MG_PORTABLE_SUMS_STRIDE 32
void mg_portable_dot8x4_wide(const uint32_t *xx, const uint8_t *w, int32_t taps, uint32_t *sums, int32_t add);

/* A word of four staged bytes (read and written through this type only: may_alias keeps it apart from the int8
 * views of the same bytes). */
typedef uint32_t __attribute__((may_alias)) mg_portable_word;

/* Stages n values as x + 128 (bytes) and returns their sum: word by word when n is a multiple of 4 and both
 * pointers are word-aligned (the byte sums of a word added as two 16-bit lanes, folded every 128 words before a
 * lane could overflow), else byte by byte. */
static inline uint32_t mg_portable_stage(const int8_t *from, uint8_t *to, int32_t n)
{
    uint32_t sum = 0;
    if (((n | (int32_t)(uintptr_t)from | (int32_t)(uintptr_t)to) & 3) == 0) {
        const mg_portable_word *src = (const mg_portable_word *)(const void *)from;
        mg_portable_word *dst = (mg_portable_word *)(void *)to;
        for (int32_t words = n >> 2; words > 0; words -= 128) {
            uint32_t lanes = 0;
            int32_t i = 0, end = words < 128 ? words : 128;
#if defined(__ARM_ARCH_7M__)
            /* two words a pass, the lanes' mask in a register (GCC's loop spills inside the convolution's staging:
             * 7.5 instructions a word instead of 10) */
            if (end >= 2) {
                uint32_t v0, v1, t, pairs = (uint32_t)end >> 1;
                __asm__ volatile("1:\n"
                                 "ldrd %[v0], %[v1], [%[src]], #8\n"
                                 "eor %[v0], %[v0], #0x80808080\n"
                                 "eor %[v1], %[v1], #0x80808080\n"
                                 "strd %[v0], %[v1], [%[dst]], #8\n"
                                 "and %[t], %[v0], %[m]\n add %[l], %[l], %[t]\n"
                                 "and %[t], %[m], %[v0], lsr #8\n add %[l], %[l], %[t]\n"
                                 "and %[t], %[v1], %[m]\n add %[l], %[l], %[t]\n"
                                 "and %[t], %[m], %[v1], lsr #8\n add %[l], %[l], %[t]\n"
                                 "subs %[n], %[n], #1\n"
                                 "bne 1b\n"
                                 : [v0] "=&r"(v0), [v1] "=&r"(v1), [t] "=&r"(t), [l] "+r"(lanes), [n] "+r"(pairs),
                                   [src] "+r"(src), [dst] "+r"(dst)
                                 : [m] "r"(0x00FF00FFu)
                                 : "cc", "memory");
                i = end & ~1;
            }
#endif
            for (; i < end; ++i) {
                const uint32_t v = *src++ ^ 0x80808080u;
                *dst++ = v;
                lanes += (v & 0x00FF00FFu) + ((v >> 8) & 0x00FF00FFu);
            }
            sum += (lanes & 0xFFFFu) + (lanes >> 16);
        }
        return sum;
    }
    for (int32_t i = 0; i < n; ++i) {
        const uint32_t v = (uint8_t)(from[i] ^ 0x80);
        to[i] = (uint8_t)v;
        sum += v;
    }
    return sum;
}

/* TFLite's SaturatingRoundingDoublingHighMul for a multiplier in [0, 2^31) (no saturation then) without a 64-bit
 * multiply, which ARMv6-M lacks (GCC calls a library routine): sign(a) * floor((|a| * m + 2^30 - (a < 0)) / 2^31)
 * is TFLite's (a * m + nudge) / 2^31 rounded toward zero, and |a| * m comes from four 16-bit products, each below
 * 2^31 (tests/kernels/test_portable_requant.py compares it with mg_fixedpoint.h over millions of values). */
static inline int32_t mg_portable_high_mul(int32_t a, int32_t m)
{
    const uint32_t neg = a < 0;
    const uint32_t u = neg ? 0u - (uint32_t)a : (uint32_t)a;
    const uint32_t ul = u & 0xFFFFu, uh = u >> 16, ml = (uint32_t)m & 0xFFFFu, mh = (uint32_t)m >> 16;
    const uint32_t mid = uh * ml + ul * mh;
    const uint32_t lo = ul * ml;
    const uint32_t low = lo + (mid << 16);
    const uint32_t rounded = low + ((1u << 30) - neg);
    const uint32_t high = uh * mh + (mid >> 16) + (low < lo) + (rounded < low);
    const uint32_t q = (high << 1) | (rounded >> 31);
    return neg ? -(int32_t)q : (int32_t)q;
}

/* TFLite's MultiplyByQuantizedMultiplier (mg_fixedpoint.h), bit for bit, for a multiplier in [0, 2^31) and the
 * shift split by the generator into a left and a right one. The high multiply: TFLite's (a * m + nudge) / 2^31
 * rounded toward zero equals floor((a * m + 2^30) / 2^31) for either sign (a negative product's nudge 1 - 2^30 plus
 * the 2^31 - 1 that turns truncation into flooring is 2^30), one arithmetic shift of the 64-bit product; on ARMv6-M
 * the 32-bit version above. The rounding right shift keeps TFLite's mask and threshold, in 32 bits. */
static inline int32_t mg_portable_multiply(int32_t x, int32_t multiplier, int32_t left, int32_t right)
{
    const int32_t a = (int32_t)((uint32_t)x << left);
#if defined(__ARM_ARCH_6M__)
    const int32_t high = mg_portable_high_mul(a, multiplier);
#else
    const int32_t high = (int32_t)(((int64_t)a * multiplier + (1ll << 30)) >> 31);
#endif
    const int32_t mask = (int32_t)((1u << right) - 1u);
    const int32_t remainder = high & mask;
    const int32_t threshold = (mask >> 1) + (high < 0 ? 1 : 0);
    return (high >> right) + (remainder > threshold ? 1 : 0);
}

/* The same where its result lies in (-256, 256), otherwise a value of the same sign and at least 256 in magnitude
 * (which the int8 outputs clamp alike), for a multiplier of 0 or in [2^30, 2^31) (quant.quantize_multiplier's):
 * ARMv6-M's requantization, from three 32-bit products instead of four 16-bit ones and their carries. With
 * u = |a| and s = 1 for a negative a, TFLite's result is sign(a) * floor((u * m + 2^30 - s) / 2^31) rounded by
 * 2^right half away from zero, i.e. sign(a) * floor((u * m + K - s) / 2^(31 + right)), K = 2^30 + 2^(30 + right)
 * (2^30 without a right shift): the inner floor folds into the outer one. Past u = 2^(right + 9) the magnitude is
 * at least 256 (m >= 2^30), so u is clamped there; then with m = m2 * 2^22 + m1 * 2^11 + m0 each u * mi fits 31
 * bits while right <= 11 (larger right shifts, rare, take the exact version), and the floor is taken piece by
 * piece: floor((P * 2^22 + Q * 2^11 + R) / 2^n) = floor((P + floor((Q + floor(R / 2^11)) / 2^11)) / 2^(n - 22)).
 * The pieces, for u already clamped and sign -1 (a negative a) or 0: */
static inline int32_t mg_portable_multiply_pieces(uint32_t u, int32_t sign, int32_t multiplier, int32_t right)
{
    const uint32_t m = (uint32_t)multiplier;
    const int32_t low = (int32_t)(u * (m & 0x7FFu)) + sign;
    const int32_t mid = (int32_t)(u * ((m >> 11) & 0x7FFu)) + (low >> 11);
    const int32_t k = (int32_t)((1u << 8) + (((1u << right) >> 1) << 9)); /* K / 2^22 */
    const int32_t q = ((int32_t)(u * (m >> 22)) + (mid >> 11) + k) >> (right + 9);
    return (q ^ sign) - sign;
}

static inline int32_t mg_portable_multiply_narrow(int32_t x, int32_t multiplier, int32_t left, int32_t right)
{
    if (right > 11) {
        return mg_portable_multiply(x, multiplier, left, right);
    }
    const int32_t a = (int32_t)((uint32_t)x << left);
    const int32_t sign = a >> 31; /* -1 or 0 */
    const uint32_t u = (uint32_t)(a ^ sign) - (uint32_t)sign;
    const uint32_t limit = 1u << (right + 9);
    return mg_portable_multiply_pieces(u < limit ? u : limit, sign, multiplier, right);
}

/* The narrow one where the result is known to lie in (-256, 256) (the kernel checked the accumulator against the
 * generator's thresholds): |a| is below 2^(right + 9) then, and needs no clamp. */
static inline int32_t mg_portable_multiply_inside(int32_t x, int32_t multiplier, int32_t left, int32_t right)
{
    if (right > 11) {
        return mg_portable_multiply(x, multiplier, left, right);
    }
    const int32_t a = (int32_t)((uint32_t)x << left);
    const int32_t sign = a >> 31;
    return mg_portable_multiply_pieces((uint32_t)(a ^ sign) - (uint32_t)sign, sign, multiplier, right);
}

#if defined(__ARM_ARCH_7M__)
/* TFLite's requantization with a right shift (right >= 1) on ARMv7-M, both roundings folded into the 64-bit
 * product's addend (mg_portable_requant_v7m's form): mg_portable_high_word(a, m, left, mg_portable_rounding(right))
 * >> (right - 1) is MultiplyByQuantizedMultiplier(a, m, left - right) for a multiplier in [0, 2^31). */
static inline int64_t mg_portable_rounding(int32_t right)
{
    return (1ll << 30) + ((int64_t)1 << (30 + right));
}

static inline int32_t mg_portable_high_word(int32_t a, int32_t m, int32_t left, int64_t rounding)
{
    const int32_t x = (int32_t)((uint32_t)a << left);
    return (int32_t)(((int64_t)x * m + rounding - (x < 0 ? (1ll << 31) : 0)) >> 32);
}
#endif

/* x clamped to int8: one SSAT on ARMv7-M (GCC's code for the clamp compares twice). */
static inline int32_t mg_portable_sat8(int32_t x)
{
#if defined(__ARM_ARCH_7M__)
    __asm__("ssat %0, #8, %1" : "=r"(x) : "r"(x));
    return x;
#else
    return mg_clamp(x, -128, 127);
#endif
}

/* A channel's requantization entry (_portable_common.channel_fields): its multiplier, then both shifts in one word,
 * the left one in bits 0-7 and the right one above (three words would take 4 bytes a channel more). */
#define MG_PORTABLE_REQUANT_WORDS 2
static inline int32_t mg_portable_left(const int32_t *entry)
{
    return entry[1] & 0xFF;
}
static inline int32_t mg_portable_right(const int32_t *entry)
{
    return (int32_t)((uint32_t)entry[1] >> 8);
}

/* The requantization the kernels use: the narrow one on ARMv6-M (no long multiply), TFLite's exact one elsewhere;
 * _INSIDE where the result is known to lie in (-256, 256). */
#if defined(__ARM_ARCH_6M__)
#define MG_PORTABLE_REQUANTIZE mg_portable_multiply_narrow
#define MG_PORTABLE_REQUANTIZE_INSIDE mg_portable_multiply_inside
#else
#define MG_PORTABLE_REQUANTIZE mg_portable_multiply
#define MG_PORTABLE_REQUANTIZE_INSIDE mg_portable_multiply
#endif

/* ARMv7-M: mg_portable_requant's loop written out (portable_dot8.c), with TFLite's two roundings folded into the
 * 64-bit product's addend: floor((floor(X / 2^31) + c) / 2^right) = floor((X + c * 2^31) / 2^(31 + right)), where
 * X = a * m + 2^30 and c = 2^(right - 1), one less for a negative a (h = floor(X / 2^31) is then negative or zero,
 * and at zero c's choice does not matter), none without a right shift; the result is the product's high word
 * shifted by right - 1 (without a right shift, bits 31-62). `range`: the output offset, act_min, act_max. */
void mg_portable_requant_v7m(const uint32_t *sums, uint32_t staged7, const int32_t *folded, const int32_t *requant,
                             int32_t step, int32_t count, const int32_t range[3], int8_t *out,
                             const int32_t *thresholds);

#if defined(__ARM_ARCH_7M__)
/* A node's output channels (its tables from the generator), for mg_portable_requant_pixels. */
typedef struct {
    const int32_t *folded;
    const int32_t *requant;
    int32_t requant_step; /* words */
    const int32_t *thresholds;
    int32_t depth; /* output channels */
    int32_t offset, act_min, act_max;
} mg_portable_outputs;

/* A channel's constants as portable_requant_pixels.c's assembly loads them (one LDM). */
typedef struct {
    int32_t folded;
    int32_t low, high; /* the thresholds: the outputs in between need no clamp */
    int32_t multiplier;
    int32_t right1;    /* the right shift less one */
    int32_t high_word; /* the rounding addend's high word, 2^(right - 2) (mg_portable_requant_v7m) */
} mg_portable_channel;

/* The entries of channels [first, first + MG_PORTABLE_TABLE), a bit set in `others` (a word per 32 channels) for
 * each channel the loop does not take (a left shift, or a right shift below 2 with a multiplier other than 0);
 * first -1 before the first table. */
#define MG_PORTABLE_TABLE 64
typedef struct {
    mg_portable_channel entries[MG_PORTABLE_TABLE];
    uint32_t others[MG_PORTABLE_TABLE / 32];
    int32_t first;
} mg_portable_table;

/* Four pixels' outputs of channels [o, o + count) at once (o a multiple of 32, count at most 32), channel by channel
 * (portable_requant_pixels.c), for a node with thresholds: pixel k's sums at sums[k][c - o], its staged sum
 * staged_sum[k], its output of channel c at out + k * depth + c. A channel's constants come from a table made once
 * for a node of up to MG_PORTABLE_TABLE channels (`t`, the caller's for the node), else once a block:
 * mg_portable_requant_v7m's set-up of a channel for each of its outputs and its call for each pixel took 7
 * instructions an output of a 16-channel layer. */
void mg_portable_requant_pixels(const mg_portable_outputs *n, uint32_t (*sums)[MG_PORTABLE_SUMS_STRIDE],
                                const uint32_t staged_sum[4], int32_t o, int32_t count, int8_t *out,
                                mg_portable_table *t);
#endif

/* Output channels [first, first + count) of one pixel from their group's raw sums: the folded constant, minus 128
 * times the staged sum, then TFLite's requantization, offset and clamp. Where the generator gave `thresholds` (per
 * channel the first and the last accumulator whose output lies inside the range, quant.inside_thresholds), ARMv6-M
 * and the host take act_min below and act_max above without requantizing, and requantize in between without clamps
 * (ARMv7-M's assembly too). */
static inline void mg_portable_requant(const uint32_t sums[4], uint32_t staged_sum, const int32_t *folded,
                                       const int32_t *requant, int32_t step, int32_t count, const int32_t *thresholds,
                                       int32_t output_offset, int32_t act_min, int32_t act_max, int8_t *out)
{
#if defined(__ARM_ARCH_7M__)
    const int32_t range[3] = {output_offset, act_min, act_max};
    mg_portable_requant_v7m(sums, staged_sum << 7, folded, requant, step, count, range, out, thresholds);
#else
    if (thresholds) {
        for (int32_t j = 0; j < count; ++j, requant += step, thresholds += 2) {
            const int32_t acc = (int32_t)(sums[j] + (uint32_t)folded[j] - (staged_sum << 7));
            out[j] = (int8_t)(acc < thresholds[0] ? act_min
                              : acc > thresholds[1]
                                  ? act_max
                                  : MG_PORTABLE_REQUANTIZE_INSIDE(acc, requant[0], mg_portable_left(requant),
                                                                  mg_portable_right(requant)) +
                                        output_offset);
        }
        return;
    }
    for (int32_t j = 0; j < count; ++j, requant += step) {
        const int32_t acc = (int32_t)(sums[j] + (uint32_t)folded[j] - (staged_sum << 7));
        const int32_t scaled =
            MG_PORTABLE_REQUANTIZE(acc, requant[0], mg_portable_left(requant), mg_portable_right(requant));
        out[j] = (int8_t)mg_clamp(scaled + output_offset, act_min, act_max);
    }
#endif
}

#endif
