/* The geometry CONV_2D and DEPTHWISE_CONV_2D share (TFLite Micro's OpDataConv / ConvParams): every backend's
 * parameter block of both families starts with it, so one prepare checks the shapes for all of them
 * (mg_prepare_weighted.h), and which filter taps of a window fall inside the input. */
#ifndef MG_CONV_GEOMETRY_H
#define MG_CONV_GEOMETRY_H

#include <stdint.h>

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t input_depth;
    int32_t filter_height;
    int32_t filter_width;
    int32_t output_height;
    int32_t output_width;
    int32_t output_depth;
    int32_t stride_height;
    int32_t stride_width;
    int32_t dilation_height;
    int32_t dilation_width;
    int32_t pad_height; /* TFLite's ComputePaddingHeightWidth: padding before the first row/column */
    int32_t pad_width;
} mg_conv_geometry;

static inline int32_t mg_conv_input_elements(const mg_conv_geometry *g)
{
    return g->batches * g->input_height * g->input_width * g->input_depth;
}

static inline int32_t mg_conv_output_elements(const mg_conv_geometry *g)
{
    return g->batches * g->output_height * g->output_width * g->output_depth;
}

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

/* mg_conv_window without its divisions when the dilation is 1 (the reference int8 kernels, once per output pixel). */
static inline __attribute__((always_inline)) void mg_conv_window_fast(int32_t origin, int32_t dilation, int32_t size,
                                                                      int32_t taps, int32_t *first, int32_t *end)
{
    if (dilation != 1) {
        mg_conv_window(origin, dilation, size, taps, first, end);
        return;
    }
    int32_t hi = size > origin ? size - origin : 0;
    hi = hi < taps ? hi : taps;
    const int32_t lo = origin < 0 ? -origin : 0;
    *first = lo < hi ? lo : hi;
    *end = hi;
}

/* Output coordinate `out` reads input coordinates origin + dilation * tap for taps [first, end) (mg_conv_window):
 * mg_conv_row_span for an output row, mg_conv_col_span for an output column. */
typedef struct {
    int32_t origin, first, end;
} mg_conv_span;

static inline __attribute__((always_inline)) mg_conv_span mg_conv_row_span(const mg_conv_geometry *g, int32_t oy)
{
    mg_conv_span s;
    s.origin = oy * g->stride_height - g->pad_height;
    mg_conv_window(s.origin, g->dilation_height, g->input_height, g->filter_height, &s.first, &s.end);
    return s;
}

static inline __attribute__((always_inline)) mg_conv_span mg_conv_col_span(const mg_conv_geometry *g, int32_t ox)
{
    mg_conv_span s;
    s.origin = ox * g->stride_width - g->pad_width;
    mg_conv_window(s.origin, g->dilation_width, g->input_width, g->filter_width, &s.first, &s.end);
    return s;
}

#endif
