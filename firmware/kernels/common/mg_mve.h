/* Helium (MVE) helpers shared by the mve backend's kernels (Cortex-M55, -mcpu=cortex-m55).
 *
 * Requantization, bit-exact with TFLite Micro's MultiplyByQuantizedMultiplier (mg_fixedpoint.h) on four int32
 * lanes at once:
 *
 *   - x * 2^left wraps like TFLite's x * (1 << left): VSHL by a positive count;
 *   - SaturatingRoundingDoublingHighMul(a, m) = floor((a * m + 2^30) / 2^31) for every a and m (both of TFLite's
 *     nudges round the halves up), saturating only for a = m = INT32_MIN: exactly VQRDMULH.S32;
 *   - RoundingDivideByPOT(t, e) rounds halves away from zero, VRSHL by -e rounds them up: a negative t is
 *     lowered by one first (VQADD of t's sign, only where e > 0), which turns the one case that differs (a
 *     negative exact half) into the other direction and changes nothing else, as CMSIS-NN's MVE path does.
 *     (VRSHL rounds in full precision: t + 2^(e-1) does not wrap.)
 */
#ifndef MG_MVE_H
#define MG_MVE_H

#include <stdint.h>

/* A node's requantization table, precomputed by the generator (generator/catalog/ops/_mve_common.py): per group
 * of four output channels (the last group padded), four int32 biases (with whatever the kernel folds into them),
 * four Q31 multipliers, then the four minus right shifts as int8 in one word [and the four left shifts likewise],
 * the left shifts only when some channel of the node shifts left (left_shift = 1): 9 or 10 words a group. A
 * widening byte load (VLDRB.S32) reads the shifts in the one instruction a word load would take. */
#define MVE_TABLE_STRIDE(left_shift) ((left_shift) ? 10 : 9)

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

/* RoundingDivideByPOT(t, -neg_shift) per lane, neg_shift in [-31, 0]. */
static inline int32x4_t mve_rounding_divide(int32x4_t t, int32x4_t neg_shift)
{
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(t, neg_shift), 31); /* -1 where t < 0 and the shift is > 0 */
    return vrshlq_s32(vqaddq_s32(t, fixup), neg_shift);
}

/* Requantizes acc (bias not yet added) with the table group at t (MVE_TABLE_STRIDE), adds the output zero point
 * and clamps. */
static inline int32x4_t mve_requant_group(int32x4_t acc, const int32_t *t, int left_shift, int32_t output_offset,
                                          int32x4_t act_min, int32x4_t act_max)
{
    acc = vaddq_s32(acc, vldrwq_s32(t));
    if (left_shift) {
        acc = vshlq_s32(acc, vldrbq_s32((const int8_t *)(t + 9)));
    }
    acc = mve_rounding_divide(vqrdmulhq_s32(acc, vldrwq_s32(t + 4)), vldrbq_s32((const int8_t *)(t + 8)));
    acc = vaddq_n_s32(acc, output_offset);
    return vminq_s32(vmaxq_s32(acc, act_min), act_max);
}

/* MultiplyByQuantizedMultiplier with one multiplier and shift for all lanes (TFLite's shift convention: positive
 * left, negative right). */
static inline int32x4_t mve_requant_n(int32x4_t acc, int32_t mult, int32_t shift)
{
    if (shift > 0) {
        acc = vshlq_r_s32(acc, shift);
    }
    int32x4_t t = vqrdmulhq_n_s32(acc, mult);
    if (shift < 0) {
        t = vrshlq_n_s32(vqaddq_s32(t, vshrq_n_s32(t, 31)), shift);
    }
    return t;
}

/* The sum of x's n values (16 a step, the last under a predicate). */
static inline int32_t mve_sum_s8(const int8_t *x, int32_t n)
{
    int32_t sum = 0;
    for (int32_t k = 0; k < n; k += 16) {
        sum = vaddvaq_s8(sum, vldrbq_z_s8(x + k, vctp8q((uint32_t)(n - k))));
    }
    return sum;
}

/* The vector (a, b, c, d) from four scalars in two instructions (GCC builds it with four or a stack round trip). */
static inline int32x4_t mve_vec4(int32_t a, int32_t b, int32_t c, int32_t d)
{
    int32x4_t v;
    __asm__("vmov %q0[2], %q0[0], %1, %3\n\tvmov %q0[3], %q0[1], %2, %4" : "=&w"(v) : "r"(a), "r"(b), "r"(c), "r"(d));
    return v;
}

/* Copies n bytes (n >= 0), 16 at a time: a tail-predicated loop (WLSTP/LETP), whose last pass moves only the
 * bytes left. */
static inline void mve_copy_s8(int8_t *dst, const int8_t *src, int32_t n)
{
    __asm__ volatile("wlstp.8  lr, %2, 2f\n"
                     "1:\n\t"
                     "vldrb.8  q0, [%1], #16\n\t"
                     "vstrb.8  q0, [%0], #16\n\t"
                     "letp     lr, 1b\n"
                     "2:"
                     : "+r"(dst), "+r"(src)
                     : "r"(n)
                     : "q0", "lr", "memory");
}

/* Copies `rows` (>= 1) runs of n (>= 1) bytes, src_step apart, one after the other to dst. (The post-increments
 * of a tail-predicated loop's last pass step a whole vector, so each run starts from its own pointers.) */
static inline void mve_copy_rows_s8(int8_t *dst, const int8_t *src, int32_t n, int32_t rows, int32_t src_step)
{
    const int8_t *s;
    int8_t *d;
    __asm__ volatile("1:\n\t"
                     "mov      %0, %2\n\t"
                     "mov      %1, %3\n\t"
                     "add      %2, %2, %5\n\t"
                     "add      %3, %3, %6\n\t"
                     "dlstp.8  lr, %5\n"
                     "2:\n\t"
                     "vldrb.8  q0, [%1], #16\n\t"
                     "vstrb.8  q0, [%0], #16\n\t"
                     "letp     lr, 2b\n\t"
                     "subs     %4, %4, #1\n\t"
                     "bne      1b"
                     : "=&r"(d), "=&r"(s), "+r"(dst), "+r"(src), "+r"(rows)
                     : "r"(n), "r"(src_step)
                     : "q0", "lr", "memory", "cc");
}

/* Sets n bytes (n >= 0) to v, the same way. */
static inline void mve_fill_s8(int8_t *dst, int8_t v, int32_t n)
{
    __asm__ volatile("vdup.8   q0, %2\n\t"
                     "wlstp.8  lr, %1, 2f\n"
                     "1:\n\t"
                     "vstrb.8  q0, [%0], #16\n\t"
                     "letp     lr, 1b\n"
                     "2:"
                     : "+r"(dst)
                     : "r"(n), "r"((int32_t)v)
                     : "q0", "lr", "memory");
}

#endif /* __ARM_FEATURE_MVE */

#endif
