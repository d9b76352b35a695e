/* int4 weights as TFLite stores them (TensorType INT4): the tensor's values in flat order, two to a byte, the
 * first in the low nibble, an odd count leaving the last high nibble unused (TFLite Micro's
 * UnpackDenseInt4IntoInt8). The kernels keep them packed in flash and widen a row at a time into scratch. */
#ifndef MG_INT4_H
#define MG_INT4_H

#include <stdint.h>

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

/* `count` values of the packed tensor from value `first` on (any parity) as int8 into `out`. */
static inline void mg_unpack_int4(const void *packed, int32_t first, int32_t count, int8_t *out)
{
    const uint8_t *bytes = (const uint8_t *)packed + (first >> 1);
    if (count > 0 && (first & 1)) {
        *out++ = mg_int4_high(*bytes++);
        --count;
    }
    for (; count > 1; count -= 2) {
        const uint8_t byte = *bytes++;
        *out++ = mg_int4_low(byte);
        *out++ = mg_int4_high(byte);
    }
    if (count > 0) {
        *out = mg_int4_low(*bytes);
    }
}

#endif
