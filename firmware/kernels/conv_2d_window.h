/* Shared by CONV_2D and DEPTHWISE_CONV_2D: which filter taps of a window fall inside the input. */
#ifndef MG_CONV_2D_WINDOW_H
#define MG_CONV_2D_WINDOW_H

#include <stdint.h>

/* Taps [*first, *end) of a `taps`-long filter whose input coordinate origin + dilation * tap lies in
 * [0, size). TFLite's reference kernels skip the other taps (zero padding), so the loops visit these only,
 * in the same order, with no per-tap test. */
static inline void mg_conv_window(int32_t origin, int32_t dilation, int32_t size, int32_t taps, int32_t *first,
                                  int32_t *end)
{
    int32_t lo = origin < 0 ? (dilation - 1 - origin) / dilation : 0;
    int32_t hi = size > origin ? (size - origin + dilation - 1) / dilation : 0;
    hi = hi < taps ? hi : taps;
    *first = lo < hi ? lo : hi;
    *end = hi;
}

#endif
