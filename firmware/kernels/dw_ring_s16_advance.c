/* The 16x8 depthwise backends' ring of channel-major input rows (mg_dw_ring_s16.h): the rows an output row
 * needs, transposed into their slots. */
#include <string.h>

#include "mg_dw_ring_s16.h"

/* Input row y into its slot: the padding columns zero, the row's values channel by channel, two columns at a
 * time when the channels come in pairs (two words become two channel rows' pairs: PKHBT, PKHTB). */
static void transpose_row(const mg_dw_ring_s16 *ring, const int16_t *src, int32_t y)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t depth = g->input_depth, width = ring->width, left = g->pad_width;
    const int32_t columns = g->input_width < width - left ? g->input_width : width - left;
    int16_t *slot = ring->rows + (y % ring->span) * depth * width;
    for (int32_t c = 0; c < depth; ++c) {
        int16_t *row = slot + c * width;
        memset(row, 0, (size_t)left * sizeof(int16_t));
        memset(row + left + columns, 0, (size_t)(width - left - columns) * sizeof(int16_t));
    }
    int32_t x = 0;
    if (depth % 2 == 0 && left % 2 == 0) {
        for (; x + 1 < columns; x += 2) {
            const int16_t *a = src + x * depth, *b = a + depth;
            int16_t *dst = slot + left + x;
            for (int32_t c = 0; c < depth; c += 2, dst += 2 * width) {
                const uint32_t va = dsp_ld32(a + c), vb = dsp_ld32(b + c);
                dsp_st32(dst, dsp_pkhbt(va, vb));
                dsp_st32(dst + width, dsp_pkhtb(vb, va));
            }
        }
    }
    for (; x < columns; ++x) {
        const int16_t *a = src + x * depth;
        for (int32_t c = 0; c < depth; ++c) {
            slot[c * width + left + x] = a[c];
        }
    }
}

void mg_dw_ring_s16_advance(mg_dw_ring_s16 *ring, const int16_t *image, int32_t oy)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t y0 = oy * g->stride_height - g->pad_height;
    const int32_t last = y0 + ring->span - 1 < g->input_height - 1 ? y0 + ring->span - 1 : g->input_height - 1;
    if (oy == 0) {
        ring->next = 0;
    }
    for (int32_t y = ring->next > y0 ? ring->next : (y0 > 0 ? y0 : 0); y <= last; ++y) {
        transpose_row(ring, image + y * g->input_width * g->input_depth, y);
    }
    if (last + 1 > ring->next) {
        ring->next = last + 1;
    }
}
