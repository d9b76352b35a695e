/* The 16x8 depthwise backends' (dsp, mve) input layout: TFLite Micro's DepthwiseConvPerChannel sums, for output
 * channel o, input channel o / depth_multiplier over the window's taps. The kernels read those taps from a ring of
 * input rows kept channel-major in scratch: row y of the input lies in slot y % span as input_depth rows of `width`
 * int16 values each (column x of the padded row holds input column x - pad_width, zero outside the input), so the
 * taps of one channel along a filter row are consecutive values and neighbouring outputs are neighbouring
 * windows. A filter row outside the input reads a row of zeros (symmetric int16: padding adds nothing). Each input
 * row is transposed once per batch. */
#ifndef MG_DW_RING_S16_H
#define MG_DW_RING_S16_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "depthwise_conv_2d.h"
#include "mg_conv_geometry.h"
#include "mg_dsp_requant_s16.h"

/* Input rows one output row's windows span. */
static inline int32_t mg_dw_ring_span(int32_t filter_height, int32_t dilation_height)
{
    return (filter_height - 1) * dilation_height + 1;
}

/* Values per channel row: the windows of an output row, two more (the dsp kernel reads pairs of outputs), even
 * (rows start word-aligned). */
static inline int32_t mg_dw_ring_width(int32_t output_width, int32_t stride_width, int32_t filter_width,
                                       int32_t dilation_width)
{
    const int32_t span = (output_width - 1) * stride_width + (filter_width - 1) * dilation_width + 1;
    return (span + 3) & ~1;
}

/* The ring in scratch (mg_depthwise_conv_2d_s16_ring_scratch_size, depthwise_conv_2d.h), after each output
 * channel's constants and a zero row. */
typedef struct {
    const mg_conv_geometry *g;
    mg_dsp_s16_channel *channels; /* per output channel */
    int16_t *zeros;               /* `width` zeros */
    int16_t *rows;                /* span slots of input_depth channel rows */
    int32_t span, width;
    int32_t next; /* the next input row of the batch to transpose */
} mg_dw_ring_s16;

/* The ring over scratch (the layout of mg_depthwise_conv_2d_s16_ring_scratch_size). */
static inline void mg_dw_ring_s16_init(mg_dw_ring_s16 *ring, const mg_conv_geometry *g, void *scratch)
{
    ring->g = g;
    ring->span = mg_dw_ring_span(g->filter_height, g->dilation_height);
    ring->width = mg_dw_ring_width(g->output_width, g->stride_width, g->filter_width, g->dilation_width);
    ring->channels = scratch;
    ring->zeros = (int16_t *)(ring->channels + g->output_depth);
    ring->rows = ring->zeros + ring->width;
    ring->next = 0;
    memset(ring->zeros, 0, (size_t)ring->width * sizeof(int16_t));
}

/* Transposes the input rows output row oy of `image` (one batch's) needs that are not in the ring yet; oy = 0
 * starts a batch. */
void mg_dw_ring_s16_advance(mg_dw_ring_s16 *ring, const int16_t *image, int32_t oy);

/* Filter row ky's input row for output row oy, channel c: `width` values, or the zero row. */
static inline const int16_t *mg_dw_ring_s16_row(const mg_dw_ring_s16 *ring, int32_t oy, int32_t ky, int32_t c)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t y = oy * g->stride_height - g->pad_height + ky * g->dilation_height;
    if (y < 0 || y >= g->input_height) {
        return ring->zeros;
    }
    return ring->rows + ((y % ring->span) * g->input_depth + c) * ring->width;
}

#endif
