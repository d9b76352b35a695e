/* The mve average pools' division of window sums by the window's count (average_pool_2d_s8_mve.c,
 * average_pool_2d_s16_mve.c): TFLite's rounding, sum > 0 ? (sum + n / 2) / n : (sum - n / 2) / n with C's
 * truncation, i.e. the sign of the sum times (|sum| + n / 2) / n, the quotient a multiplication by a magic number
 * (VMULH.U32) and a shift, computed once per distinct count. */
#ifndef MG_MVE_POOL_DIVIDE_H
#define MG_MVE_POOL_DIVIDE_H

#include <stdint.h>

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

static inline int32x4_t mg_mve_pool_divide(int32x4_t sum, int32_t half, uint32_t magic, int32_t shift)
{
    const int32x4_t sign = vshrq_n_s32(sum, 31);
    const uint32x4_t u = vreinterpretq_u32_s32(vaddq_n_s32(vabsq_s32(sum), half));
    const int32x4_t q = vreinterpretq_s32_u32(vshlq_r_u32(vmulhq_u32(u, vdupq_n_u32(magic)), -shift));
    return vsubq_s32(veorq_s32(q, sign), sign);
}

/* Division by a window's count n >= 2: u / n = (u * magic) >> (32 + shift) for every u < 2^31. With l =
 * ceil(log2 n) and magic = ceil(2^(31 + l) / n) < 2^32, u * magic / 2^(31 + l) exceeds u / n by less than
 * u / 2^(31 + l) (magic * n - 2^(31 + l) < n), below 1 / n while u * n < 2^(31 + l), which n <= 2^l gives for
 * u < 2^31: every quotient is exact (Granlund and Montgomery). The int8 sums reach 2^7 n, the int16 ones 2^15 n
 * (plus n / 2), both below 2^31 for the windows the generator gives these kernels. */
typedef struct {
    int32_t count;
    uint32_t magic;
    int32_t shift;
} mg_mve_pool_divisor;

static inline void mg_mve_pool_set_divisor(mg_mve_pool_divisor *d, int32_t count)
{
    d->count = count;
    if (count < 2) { /* no division */
        return;
    }
    const int32_t log = 32 - __builtin_clz((uint32_t)count - 1u);
    d->magic = (uint32_t)(((1ull << (31 + log)) + (uint64_t)count - 1u) / (uint64_t)count);
    d->shift = log - 1;
}

#endif

#endif
