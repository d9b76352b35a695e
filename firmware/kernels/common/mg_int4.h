/* int4 weights as TFLite stores them (TensorType INT4): the tensor's values in flat order, two to a byte, the
 * first in the low nibble, an odd count leaving the last high nibble unused (TFLite Micro's
 * UnpackDenseInt4IntoInt8). The kernels keep them packed in flash and widen them into scratch: the reference
 * kernels a row at a time, the backend kernels the whole tensor per invoke. */
#ifndef MG_INT4_H
#define MG_INT4_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

static inline int8_t mg_int4_low(uint8_t byte)
{
    return (int8_t)((int8_t)(byte << 4) >> 4);
}

static inline int8_t mg_int4_high(uint8_t byte)
{
    return (int8_t)((int8_t)byte >> 4);
}

/* Value `index` of the packed tensor. */
static inline int8_t mg_int4_at(const void *packed, int32_t index)
{
    const uint8_t byte = ((const uint8_t *)packed)[index >> 1];
    return index & 1 ? mg_int4_high(byte) : mg_int4_low(byte);
}

/* `count` values of the packed tensor from value `first` on (any parity) as int8 into `out`. (One value per step:
 * arm-none-eabi-gcc 12.2 at -Os for Cortex-M55 compiled a loop of pairs with an odd tail into one that always
 * wrote the tail, a byte past the row.) */
static inline void mg_unpack_int4(const void *packed, int32_t first, int32_t count, int8_t *out)
{
    for (int32_t i = 0; i < count; ++i) {
        out[i] = mg_int4_at(packed, first + i);
    }
}

/* Four nibbles (the low 16 bits of `half`, the first lowest) as four sign-extended bytes, in plain word
 * arithmetic: each nibble n spread to its byte, then (n ^ 8) - 8 per byte, computed as ((n ^ 8) + 0x78) ^ 0x80,
 * which carries into no neighbour. */
static inline uint32_t mg_int4_spread(uint32_t half)
{
    uint32_t x = half & 0xFFFFu;
    x = (x | (x << 8)) & 0x00FF00FFu;
    x = (x | (x << 4)) & 0x0F0F0F0Fu;
    return ((x ^ 0x08080808u) + 0x78787878u) ^ 0x80808080u;
}

/* The bytes a backend kernel widens a whole int4 weight tensor into, at the start of its scratch (rounded up so
 * that the int8 kernel's own scratch after it keeps the scratch's alignment). */
static inline size_t mg_int4_widened_bytes(int32_t elements)
{
    return ((size_t)elements + 15u) & ~(size_t)15u;
}

/* The whole packed tensor (`count` values from the first, word-aligned) as int8 into `out` (word-aligned): 32
 * values per Helium step (two shifts sign-extend the low nibbles, one the high ones, VST2 interleaves them), else
 * eight per word. */
static inline void mg_unpack_int4_all(const void *packed, int32_t count, int8_t *out)
{
    const uint8_t *bytes = (const uint8_t *)packed;
#if defined(__ARM_FEATURE_MVE)
    for (; count >= 32; count -= 32, bytes += 16, out += 32) {
        const int8x16_t v = vldrbq_s8((const int8_t *)bytes);
        const int8x16x2_t pair = {{vshrq_n_s8(vshlq_n_s8(v, 4), 4), vshrq_n_s8(v, 4)}};
        vst2q_s8(out, pair);
    }
#endif
    for (; count >= 8; count -= 8, bytes += 4, out += 8) {
        uint32_t word, widened[2];
        memcpy(&word, bytes, 4);
        widened[0] = mg_int4_spread(word);
        widened[1] = mg_int4_spread(word >> 16);
        memcpy(out, widened, 8);
    }
    mg_unpack_int4(bytes, 0, count, out);
}

#endif
