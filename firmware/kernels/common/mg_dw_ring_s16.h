/* The 16x8 depthwise backends' (dsp, mve) input layout: TFLite Micro's DepthwiseConvPerChannel sums, for output
 * channel o, input channel o / depth_multiplier over the window's taps. The kernels read those taps from a ring of
 * input rows kept channel-major in scratch: row y (zeros when outside the input: symmetric int16, padding adds
 * nothing) lies in slot y mod span and again in slot y mod span + span, as input_depth rows of `width` int16
 * values each (column x of the padded row holds input column x - pad_width, zero outside the input). So the taps
 * of one channel along a filter row are consecutive values, neighbouring outputs are neighbouring windows, and the
 * filter rows of every output row lie at one distance from each other. Each input row is transposed once per
 * batch. */
#ifndef MG_DW_RING_S16_H
#define MG_DW_RING_S16_H

#include <stddef.h>
#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_conv_geometry.h"
#include "mg_dsp_requant_s16.h"

/* Input rows one output row's windows span. */
static inline int32_t mg_dw_ring_span(int32_t filter_height, int32_t dilation_height)
{
    return (filter_height - 1) * dilation_height + 1;
}

/* Values per channel row: the windows of an output row and more (the kernels compute whole pairs or blocks of
 * four outputs: their reads past the last window, up to three strides and eight values, stay in the row), even
 * (rows start word-aligned). */
static inline int32_t mg_dw_ring_width(int32_t output_width, int32_t stride_width, int32_t filter_width,
                                       int32_t dilation_width)
{
    const int32_t span = (output_width - 1) * stride_width + (filter_width - 1) * dilation_width + 1;
    const int32_t past = 3 * stride_width > 8 ? 3 * stride_width : 8;
    return (span + past + 1) & ~1;
}

/* Words per filter row of the dsp kernel's weight pairs: for j = 0 .. filter_width / 2, P_j = (w_2j, w_2j+1) for
 * an output whose window starts at an even value of the ring's row and Q_j = (w_2j-1, w_2j) for the output one
 * value on (zeros outside the filter), interleaved: both outputs of a pair take the same aligned words. */
static inline int32_t mg_dw_ring_pair_words(int32_t filter_width)
{
    return 2 * (filter_width / 2 + 1);
}

/* Whether a node takes the 3x3 loops that hold their weights themselves: a 3x3 filter without dilation at a stride
 * of 1 or 2 along rows (the mve kernel's interleaved ring; the dsp kernel's weight pairs in registers, which take
 * a dilation along columns too, the ring then keeping a table it does not read). */
static inline int mg_dw_ring_3x3_loops(const mg_conv_geometry *g)
{
    return g->filter_height == 3 && g->filter_width == 3 && g->stride_width <= 2 && g->dilation_height == 1 &&
           g->dilation_width == 1;
}

/* Words of the table of every output channel's weights the ring keeps for the other nodes, made once per invoke:
 * per channel filter_height * mg_dw_ring_pair_words words, the dsp kernel's weight pairs (without dilation along
 * rows) or the mve kernel's weights as int32 (filter_height * filter_width words, no more). */
static inline int32_t mg_dw_ring_weight_table_words(const mg_conv_geometry *g)
{
    return mg_dw_ring_3x3_loops(g) ? 0 : g->output_depth * g->filter_height * mg_dw_ring_pair_words(g->filter_width);
}

/* Words per output channel of the constants of the kernels' fused 3x3 stride-1 loops (each kernel's layout), made
 * once per invoke. */
#define MG_DW_RING_FUSED_WORDS 10

/* The ring in scratch (mg_depthwise_conv_2d_s16_ring_scratch_size, depthwise_conv_2d.h): each output channel's
 * constants and fused-loop constants, the dsp kernel's sums of one output row (`width` int32), the weight table
 * (mg_dw_ring_weight_table_words), then the 2 * span slots. */
typedef struct {
    const mg_conv_geometry *g;
    mg_dsp_s16_channel *channels; /* per output channel */
    uint32_t *fused;              /* per output channel MG_DW_RING_FUSED_WORDS */
    int32_t *sums;
    uint32_t *table; /* the weight table */
    int16_t *rows;
    int32_t span, width;
    int32_t next; /* the next input row of the batch to transpose */
} mg_dw_ring_s16;

/* The ring over scratch, and each output channel's constants from the node's scales and int64 bias (or none). */
static inline void mg_dw_ring_s16_init(mg_dw_ring_s16 *ring, const mg_depthwise_conv_2d_params *p,
                                       const uint8_t *filter_scales, const int64_t *bias, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    ring->g = g;
    ring->span = mg_dw_ring_span(g->filter_height, g->dilation_height);
    ring->width = mg_dw_ring_width(g->output_width, g->stride_width, g->filter_width, g->dilation_width);
    ring->channels = scratch;
    ring->fused = (uint32_t *)(ring->channels + g->output_depth);
    ring->sums = (int32_t *)(ring->fused + g->output_depth * MG_DW_RING_FUSED_WORDS);
    ring->table = (uint32_t *)(ring->sums + ring->width);
    ring->rows = (int16_t *)(ring->table + mg_dw_ring_weight_table_words(g));
    ring->next = 0;
    for (int32_t o = 0; o < g->output_depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        ring->channels[o] = mg_dsp_s16_channel_of(multiplier, shift, 1, bias, o);
    }
}

/* Transposes the input rows output row oy of `image` (one batch's) needs that are not in the ring yet; oy = 0
 * starts a batch. */
void mg_dw_ring_s16_advance(mg_dw_ring_s16 *ring, const int16_t *image, int32_t oy);

/* The slot of input row y's first copy. */
static inline int32_t mg_dw_ring_s16_slot(const mg_dw_ring_s16 *ring, int32_t y)
{
    const int32_t m = y % ring->span;
    return m < 0 ? m + ring->span : m;
}

/* Filter row 0's input row for output row oy, channel c (`width` values); filter row ky's lies ky times
 * mg_dw_ring_s16_row_step further. */
static inline const int16_t *mg_dw_ring_s16_row(const mg_dw_ring_s16 *ring, int32_t oy, int32_t c)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t slot = mg_dw_ring_s16_slot(ring, oy * g->stride_height - g->pad_height);
    return ring->rows + (slot * g->input_depth + c) * ring->width;
}

static inline int32_t mg_dw_ring_s16_row_step(const mg_dw_ring_s16 *ring)
{
    return ring->g->dilation_height * ring->g->input_depth * ring->width;
}

/* The mve kernel of 3x3 filters without dilation at a stride of 1 or 2 along rows (depthwise_conv_2d_3x3_s16_mve.c):
 * it keeps the ring's rows interleaved by column instead, in the same scratch. */
void mg_depthwise_conv_2d_3x3_s16_mve(const mg_depthwise_conv_2d_params *p, mg_dw_ring_s16 *ring, const int16_t *input,
                                      const int8_t *filter, int16_t *output);

/* Runs the statement `...` for each batch, output row and output channel `o` of node p's geometry, after the ring
 * advances to the output row: `x` is the channel's filter row 0 input row (mg_dw_ring_s16_row, a channel's row
 * `width` values after the previous one's), `out` the output
 * row's first value (channel o's outputs from out + o, depth apart). depth: the output depth, held by the kernel.
 * A macro, not a function taking the row's work, so that each kernel's loops compile as written. */
#define MG_DW_RING_S16_FOR_CHANNEL_ROWS(ring, p, depth, input, output, x, out, o, ...)                                 \
    for (int32_t b_ = 0; b_ < (p)->geometry.batches; ++b_) {                                                           \
        const mg_conv_geometry *g_ = &(p)->geometry;                                                                   \
        const int16_t *image_ = (input) + b_ * g_->input_height * g_->input_width * g_->input_depth;                   \
        for (int32_t oy_ = 0; oy_ < g_->output_height; ++oy_) {                                                        \
            mg_dw_ring_s16_advance((ring), image_, oy_);                                                               \
            int16_t *out = (output) + (b_ * g_->output_height + oy_) * g_->output_width * (depth);                     \
            const int16_t *x = mg_dw_ring_s16_row((ring), oy_, 0);                                                     \
            for (int32_t o = 0, k_ = 0; o < (depth); ++o) {                                                            \
                __VA_ARGS__                                                                                            \
                if (++k_ == (p)->depth_multiplier) { /* the next input channel's row */                                \
                    k_ = 0;                                                                                            \
                    x += (ring)->width;                                                                                \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }

#endif
