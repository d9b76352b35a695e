/* TFLite's MultiplyByQuantizedMultiplier(int64_t x, ...) of its 16-bit-activation kernels (int64 accumulators):
 * the Q31 multiplier rounded to 16 bits, then one rounding right shift of the 64-bit product. */
#ifndef MG_FIXEDPOINT64_H
#define MG_FIXEDPOINT64_H

#include <stdint.h>

static inline int32_t mg_multiply_by_quantized_multiplier_64(int64_t x, int32_t multiplier, int32_t shift)
{
    const int64_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
    const int32_t total_shift = 15 - shift;
    return (int32_t)((x * reduced + ((int64_t)1 << (total_shift - 1))) >> total_shift);
}

#endif
