/* TFLite's 513-entry int16 lookup tables (common.h's LUTLookup): the value's top 9 bits pick an entry, its low 7
 * bits interpolate linearly towards the next. The generator computes the tables (ops/_lut16.py); they arrive as
 * int32 arrays of int16 values. */
#ifndef MG_LUT16_H
#define MG_LUT16_H

#include <stdint.h>

static inline int16_t mg_lut16_lookup(int16_t value, const int32_t *lut)
{
    const int32_t index = 256 + (value >> 7);
    const int32_t offset = value & 0x7f;
    const int16_t slope = (int16_t)(lut[index + 1] - lut[index]);
    return (int16_t)(lut[index] + ((slope * offset + 64) >> 7));
}

#endif
