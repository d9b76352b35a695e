/* float16 weights kept in flash (docs/rewrite.md, "Float16 weights"): the float kernels widen each weight as
 * they read it. Widening is exact (every float16 is a float32), so a kernel reading float16 weights gives the
 * bits of the same kernel reading the weights folded to float32. */
#ifndef MG_HALF_H
#define MG_HALF_H

#include <stdint.h>
#include <string.h>

/* IEEE binary16 bits -> float32. On an M-profile FPU (FPv4 of the M4F, FPv5 of the M7, M33, M55) one VCVTB does
 * it (exact, with the FPSCR's reset AHP = 0); elsewhere (the host build, cores without an FPU) the bits move. */
static inline float mg_half_to_float(uint16_t half)
{
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M' && defined(__ARM_FP) && (__ARM_FP & 4)
    float value;
    __asm__("vmov %0, %1\n\tvcvtb.f32.f16 %0, %0" : "=t"(value) : "r"((uint32_t)half));
    return value;
#else
    uint32_t sign = (uint32_t)(half & 0x8000u) << 16;
    uint32_t exponent = (half >> 10) & 0x1fu, mantissa = half & 0x3ffu;
    uint32_t bits;
    if (exponent == 0x1fu) { /* infinity, NaN: the payload moves up */
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent != 0) { /* normal: rebias 15 -> 127 */
        bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else { /* subnormal: mantissa * 2^-24, normal in float32 */
        uint32_t biased = 113;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            --biased;
        }
        bits = sign | (biased << 23) | ((mantissa & 0x3ffu) << 13);
    }
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
#endif
}

/* Weight i of float32 weights (half 0) or of float16 weights (half 1). The float kernels' bodies take `half` as a
 * constant, so each of their two instances reads one type with no test per weight. */
static inline __attribute__((always_inline)) float mg_float_weight(const void *weights, int32_t i, int half)
{
    return half ? mg_half_to_float(((const uint16_t *)weights)[i]) : ((const float *)weights)[i];
}

#endif
