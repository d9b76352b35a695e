/* The DSP-extension instructions the dsp backend uses (ARMv7E-M: Cortex-M4, M7; ARMv8-M Main with DSP: M33),
 * as ACLE intrinsics or inline assembly on those cores and as plain C elsewhere, so the same kernels run in
 * the host build for fast tests. The C versions compute exactly what the instructions compute (16-bit lanes
 * wrap, 32-bit sums wrap).
 *
 * Packed values are uint32_t: "lo"/"hi" are the 16-bit halves, b0..b3 the bytes (b0 lowest). */
#ifndef MG_DSP_H
#define MG_DSP_H

#include <stdint.h>
#include <string.h>

/* Loads and stores that may be unaligned (LDR/STR allow it on these cores; LDRD/LDM do not). */
static inline uint32_t dsp_ld32(const void *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline void dsp_st32(void *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP

#include <arm_acle.h>

#define MG_DSP_NATIVE 1

/* (sext(b0), sext(b2)) */
static inline uint32_t dsp_sxtb16(uint32_t x)
{
    return (uint32_t)__sxtb16((int32_t)x);
}

/* (sext(b1), sext(b3)) */
static inline uint32_t dsp_sxtb16_ror8(uint32_t x)
{
    uint32_t r;
    __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(x));
    return r;
}

/* (a.lo + sext(b0), a.hi + sext(b2)) */
static inline uint32_t dsp_sxtab16(uint32_t a, uint32_t x)
{
    return (uint32_t)__sxtab16((int32_t)a, (int32_t)x);
}

/* (a.lo + sext(b1), a.hi + sext(b3)) */
static inline uint32_t dsp_sxtab16_ror8(uint32_t a, uint32_t x)
{
    uint32_t r;
    __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(a), "r"(x));
    return r;
}

/* acc + x.lo * y.lo + x.hi * y.hi */
static inline int32_t dsp_smlad(uint32_t x, uint32_t y, int32_t acc)
{
    return __smlad((int32_t)x, (int32_t)y, acc);
}

/* acc + x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi */
static inline int32_t dsp_smlabb(uint32_t x, uint32_t y, int32_t acc)
{
    return __smlabb((int32_t)x, (int32_t)y, acc);
}

static inline int32_t dsp_smlabt(uint32_t x, uint32_t y, int32_t acc)
{
    return __smlabt((int32_t)x, (int32_t)y, acc);
}

static inline int32_t dsp_smlatb(uint32_t x, uint32_t y, int32_t acc)
{
    return __smlatb((int32_t)x, (int32_t)y, acc);
}

static inline int32_t dsp_smlatt(uint32_t x, uint32_t y, int32_t acc)
{
    return __smlatt((int32_t)x, (int32_t)y, acc);
}

/* (a * b + 2^31) >> 32: the rounded high word of the 64-bit product */
static inline int32_t dsp_smmulr(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("smmulr %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/* a + ((x * y + 2^31) >> 32) */
static inline int32_t dsp_smmlar(int32_t x, int32_t y, int32_t a)
{
    int32_t r;
    __asm__("smmlar %0, %1, %2, %3" : "=r"(r) : "r"(x), "r"(y), "r"(a));
    return r;
}

/* x saturated to [-128, 127] */
static inline int32_t dsp_ssat8(int32_t x)
{
    return __ssat(x, 8);
}

/* x saturated to [-32768, 32767] */
static inline int32_t dsp_ssat16(int32_t x)
{
    return __ssat(x, 16);
}

/* (a.lo + b.lo, a.hi + b.hi) */
static inline uint32_t dsp_sadd16(uint32_t a, uint32_t b)
{
    return (uint32_t)__sadd16((int32_t)a, (int32_t)b);
}

/* acc + the four bytes of x as unsigned values (USADA8 against zero) */
static inline uint32_t dsp_add_bytes(uint32_t x, uint32_t acc)
{
    return __usada8(x, 0u, acc);
}

/* Per byte: the larger / smaller of two signed bytes (SSUB8 sets a GE flag per byte, SEL picks). */
static inline uint32_t dsp_max_s8x4(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("ssub8 %0, %1, %2\n\tsel %0, %1, %2" : "=&r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

static inline uint32_t dsp_min_s8x4(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("ssub8 %0, %1, %2\n\tsel %0, %2, %1" : "=&r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

/* Per halfword: the larger / smaller of two signed halfwords (SSUB16 sets the GE flags per halfword, SEL picks). */
static inline uint32_t dsp_max_s16x2(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("ssub16 %0, %1, %2\n\tsel %0, %1, %2" : "=&r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

static inline uint32_t dsp_min_s16x2(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("ssub16 %0, %1, %2\n\tsel %0, %2, %1" : "=&r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

/* (a.lo, b.lo) and (a.hi, b.hi) */
static inline uint32_t dsp_pkhbt(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

static inline uint32_t dsp_pkhtb(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("pkhtb %0, %1, %2, asr #16" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

#else /* plain C: the same results on any host */

#define MG_DSP_NATIVE 0

static inline int32_t dsp_lo(uint32_t x)
{
    return (int16_t)(uint16_t)(x & 0xffffu);
}

static inline int32_t dsp_hi(uint32_t x)
{
    return (int16_t)(uint16_t)(x >> 16);
}

static inline uint32_t dsp_pack16(int32_t lo, int32_t hi)
{
    return ((uint32_t)lo & 0xffffu) | (((uint32_t)hi & 0xffffu) << 16);
}

static inline uint32_t dsp_sxtb16(uint32_t x)
{
    return dsp_pack16((int8_t)(uint8_t)x, (int8_t)(uint8_t)(x >> 16));
}

static inline uint32_t dsp_sxtb16_ror8(uint32_t x)
{
    return dsp_pack16((int8_t)(uint8_t)(x >> 8), (int8_t)(uint8_t)(x >> 24));
}

static inline uint32_t dsp_sxtab16(uint32_t a, uint32_t x)
{
    return dsp_pack16(dsp_lo(a) + (int8_t)(uint8_t)x, dsp_hi(a) + (int8_t)(uint8_t)(x >> 16));
}

static inline uint32_t dsp_sxtab16_ror8(uint32_t a, uint32_t x)
{
    return dsp_pack16(dsp_lo(a) + (int8_t)(uint8_t)(x >> 8), dsp_hi(a) + (int8_t)(uint8_t)(x >> 24));
}

static inline int32_t dsp_wrap(int64_t v)
{
    return (int32_t)(uint32_t)(uint64_t)v;
}

static inline int32_t dsp_smlad(uint32_t x, uint32_t y, int32_t acc)
{
    return dsp_wrap((int64_t)acc + dsp_lo(x) * dsp_lo(y) + dsp_hi(x) * dsp_hi(y));
}

static inline int32_t dsp_smlabb(uint32_t x, uint32_t y, int32_t acc)
{
    return dsp_wrap((int64_t)acc + dsp_lo(x) * dsp_lo(y));
}

static inline int32_t dsp_smlabt(uint32_t x, uint32_t y, int32_t acc)
{
    return dsp_wrap((int64_t)acc + dsp_lo(x) * dsp_hi(y));
}

static inline int32_t dsp_smlatb(uint32_t x, uint32_t y, int32_t acc)
{
    return dsp_wrap((int64_t)acc + dsp_hi(x) * dsp_lo(y));
}

static inline int32_t dsp_smlatt(uint32_t x, uint32_t y, int32_t acc)
{
    return dsp_wrap((int64_t)acc + dsp_hi(x) * dsp_hi(y));
}

static inline int32_t dsp_smmulr(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * (int64_t)b + 0x80000000ll;
    return (int32_t)(p >> 32); /* arithmetic shift, as GCC and Clang do */
}

static inline int32_t dsp_smmlar(int32_t x, int32_t y, int32_t a)
{
    return (int32_t)((uint32_t)a + (uint32_t)dsp_smmulr(x, y));
}

static inline int32_t dsp_ssat8(int32_t x)
{
    return x < -128 ? -128 : (x > 127 ? 127 : x);
}

static inline int32_t dsp_ssat16(int32_t x)
{
    return x < -32768 ? -32768 : (x > 32767 ? 32767 : x);
}

static inline uint32_t dsp_sadd16(uint32_t a, uint32_t b)
{
    return dsp_pack16(dsp_lo(a) + dsp_lo(b), dsp_hi(a) + dsp_hi(b));
}

static inline uint32_t dsp_add_bytes(uint32_t x, uint32_t acc)
{
    return acc + (x & 0xFFu) + (x >> 8 & 0xFFu) + (x >> 16 & 0xFFu) + (x >> 24);
}

static inline uint32_t dsp_bytewise(uint32_t a, uint32_t b, int want_max)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8) {
        int32_t x = (int8_t)(uint8_t)(a >> i), y = (int8_t)(uint8_t)(b >> i);
        int32_t v = want_max ? (x >= y ? x : y) : (x >= y ? y : x);
        r |= ((uint32_t)v & 0xffu) << i;
    }
    return r;
}

static inline uint32_t dsp_max_s8x4(uint32_t a, uint32_t b)
{
    return dsp_bytewise(a, b, 1);
}

static inline uint32_t dsp_min_s8x4(uint32_t a, uint32_t b)
{
    return dsp_bytewise(a, b, 0);
}

static inline uint32_t dsp_halfwordwise(uint32_t a, uint32_t b, int want_max)
{
    const int32_t lo =
        want_max ? (dsp_lo(a) >= dsp_lo(b) ? dsp_lo(a) : dsp_lo(b)) : (dsp_lo(a) >= dsp_lo(b) ? dsp_lo(b) : dsp_lo(a));
    const int32_t hi =
        want_max ? (dsp_hi(a) >= dsp_hi(b) ? dsp_hi(a) : dsp_hi(b)) : (dsp_hi(a) >= dsp_hi(b) ? dsp_hi(b) : dsp_hi(a));
    return dsp_pack16(lo, hi);
}

static inline uint32_t dsp_max_s16x2(uint32_t a, uint32_t b)
{
    return dsp_halfwordwise(a, b, 1);
}

static inline uint32_t dsp_min_s16x2(uint32_t a, uint32_t b)
{
    return dsp_halfwordwise(a, b, 0);
}

static inline uint32_t dsp_pkhbt(uint32_t a, uint32_t b)
{
    return (a & 0xffffu) | (b << 16);
}

static inline uint32_t dsp_pkhtb(uint32_t a, uint32_t b)
{
    return (a & 0xffff0000u) | (b >> 16);
}

#endif

/* Two int16 values packed as one word, lo first. */
static inline uint32_t dsp_pair(int32_t lo, int32_t hi)
{
    return ((uint32_t)lo & 0xffffu) | ((uint32_t)hi << 16);
}

#endif
