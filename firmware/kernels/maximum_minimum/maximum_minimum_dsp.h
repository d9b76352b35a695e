/* The dsp MAXIMUM and MINIMUM rows (maximum_minimum_rows.h): four int8 or two int16 elements a word, SSUB8 or
 * SSUB16 setting a GE flag per lane and SEL picking (mg_dsp.h), unaligned words allowed; the last elements one by
 * one. */
#ifndef MG_MAXIMUM_MINIMUM_DSP_H
#define MG_MAXIMUM_MINIMUM_DSP_H

#include "maximum_minimum_rows.h"
#include "mg_dsp.h"

/* ROW_BOTH and ROW_ONE for element type T, WORD(x, y) the lane-wise pick of two words, LANES elements a word. */
#define MG_DSP_MAXIMUM_MINIMUM_ROWS(name, T, LANES, WORD, STEP)                                                        \
    static inline void name##_both(T *out, const T *a, const T *b, int32_t n)                                          \
    {                                                                                                                  \
        int32_t i = 0;                                                                                                 \
        for (; i + LANES <= n; i += LANES) {                                                                           \
            dsp_st32(out + i, WORD(dsp_ld32(a + i), dsp_ld32(b + i)));                                                 \
        }                                                                                                              \
        for (; i < n; ++i) {                                                                                           \
            out[i] = STEP(a[i], b[i]);                                                                                 \
        }                                                                                                              \
    }                                                                                                                  \
    static inline void name##_one(T *out, const T *a, T value, int32_t n)                                              \
    {                                                                                                                  \
        const uint32_t v = LANES == 4 ? 0x01010101u * (uint8_t)value : 0x00010001u * (uint16_t)value;                  \
        int32_t i = 0;                                                                                                 \
        for (; i + LANES <= n; i += LANES) {                                                                           \
            dsp_st32(out + i, WORD(dsp_ld32(a + i), v));                                                               \
        }                                                                                                              \
        for (; i < n; ++i) {                                                                                           \
            out[i] = STEP(a[i], value);                                                                                \
        }                                                                                                              \
    }

#endif
