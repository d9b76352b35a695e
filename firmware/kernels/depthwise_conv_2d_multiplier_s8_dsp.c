#pragma GCC optimize("O2")
#include "depthwise_conv_2d.h"
#include "mg_dsp_requant.h"

/* The window of input channel c at one output pixel into the column as int16 (x + input_offset, zero for a tap
 * outside the input), taps in (ky, kx) order; the column's padding past the taps stays zero. */
static void gather(const mg_conv_geometry *g, const int8_t *image, int32_t c, mg_conv_span rows, mg_conv_span cols,
                   int32_t input_offset, int16_t *column)
{
    const int32_t kw = g->filter_width, depth = g->input_depth;
    const int32_t x_step = g->dilation_width * depth;
    for (int32_t ky = 0; ky < g->filter_height; ++ky, column += kw) {
        if (ky < rows.first || ky >= rows.end) {
            for (int32_t kx = 0; kx < kw; ++kx) {
                column[kx] = 0;
            }
            continue;
        }
        const int32_t iy = rows.origin + ky * g->dilation_height;
        const int32_t ix = cols.origin + cols.first * g->dilation_width;
        const int8_t *src = image + (iy * g->input_width + ix) * depth + c;
        for (int32_t kx = 0; kx < cols.first; ++kx) {
            column[kx] = 0;
        }
        if (x_step == 1) { /* one input channel, no dilation: the row's taps are consecutive bytes */
            int32_t kx = cols.first;
            for (; kx + 4 <= cols.end; kx += 4, src += 4) {
                const uint32_t w = dsp_ld32(src);
                const uint32_t off2 = dsp_pair(input_offset, input_offset);
                const uint32_t even = dsp_sxtab16(off2, w), odd = dsp_sxtab16_ror8(off2, w); /* (0, 2), (1, 3) */
                dsp_st32(column + kx, dsp_pkhbt(even, odd));
                dsp_st32(column + kx + 2, dsp_pkhtb(odd, even));
            }
            for (; kx < cols.end; ++kx) {
                column[kx] = (int16_t)(*src++ + input_offset);
            }
        } else {
            for (int32_t kx = cols.first; kx < cols.end; ++kx, src += x_step) {
                column[kx] = (int16_t)(*src + input_offset);
            }
        }
        for (int32_t kx = cols.end; kx < kw; ++kx) {
            column[kx] = 0;
        }
    }
}

/* Two filters' doubled sums over the column, each from its channel's doubled bias. */
static inline void dot2(const uint32_t *column, const uint32_t *w0, const uint32_t *w1, int32_t words, int32_t *a0,
                        int32_t *a1)
{
    int32_t s0 = *a0, s1 = *a1;
    for (int32_t k = 0; k < words; k += 4) {
        const uint32_t x0 = column[k], x1 = column[k + 1], x2 = column[k + 2], x3 = column[k + 3];
        s0 = dsp_smlad(x0, w0[k], s0);
        s1 = dsp_smlad(x0, w1[k], s1);
        s0 = dsp_smlad(x1, w0[k + 1], s0);
        s1 = dsp_smlad(x1, w1[k + 1], s1);
        s0 = dsp_smlad(x2, w0[k + 2], s0);
        s1 = dsp_smlad(x2, w1[k + 2], s1);
        s0 = dsp_smlad(x3, w0[k + 3], s0);
        s1 = dsp_smlad(x3, w1[k + 3], s1);
    }
    *a0 = s0;
    *a1 = s1;
}

static inline int8_t requantize(int32_t acc2, const dsp_channel *ch, int32_t act_min, int32_t act_max)
{
    return (int8_t)dsp_clamp(dsp_requant(acc2, ch->multiplier, ch->offset, ch->shift), act_min, act_max);
}

size_t mg_depthwise_conv_2d_multiplier_s8_dsp_scratch_size(int32_t filter_height, int32_t filter_width)
{
    return (size_t)mg_depthwise_conv_2d_multiplier_dsp_column_words(filter_height, filter_width) * 4u;
}

void mg_depthwise_conv_2d_multiplier_s8_dsp(const mg_depthwise_conv_2d_multiplier_dsp_params *p, const int8_t *input,
                                            const int8_t *filter, int8_t *output, void *scratch)
{
    (void)filter; /* the generator's doubled int16 copy (p->weights) is read instead */
    const mg_conv_geometry *g = &p->geometry;
    const int32_t words = mg_depthwise_conv_2d_multiplier_dsp_column_words(g->filter_height, g->filter_width);
    const int32_t multiplier = p->depth_multiplier;
    uint32_t *column = scratch;
    for (int32_t i = 0; i < words; ++i) {
        column[i] = 0; /* the padding past the taps */
    }
    const int32_t image_size = g->input_height * g->input_width * g->input_depth;
    for (int32_t b = 0; b < g->batches; ++b) {
        const int8_t *image = input + b * image_size;
        for (int32_t oy = 0; oy < g->output_height; ++oy) {
            const mg_conv_span rows = mg_conv_row_span(g, oy);
            for (int32_t ox = 0; ox < g->output_width; ++ox) {
                const mg_conv_span cols = mg_conv_col_span(g, ox);
                const uint32_t *w = (const uint32_t *)p->weights;
                const dsp_channel *ch = (const dsp_channel *)p->channels;
                for (int32_t c = 0; c < g->input_depth; ++c) {
                    gather(g, image, c, rows, cols, p->input_offset, (int16_t *)column);
                    int32_t m = 0;
                    for (; m + 2 <= multiplier; m += 2, w += 2 * words, ch += 2) {
                        int32_t a0 = ch[0].bias, a1 = ch[1].bias;
                        dot2(column, w, w + words, words, &a0, &a1);
                        *output++ = requantize(a0, &ch[0], p->act_min, p->act_max);
                        *output++ = requantize(a1, &ch[1], p->act_min, p->act_max);
                    }
                    if (m < multiplier) { /* an odd multiplier's last filter: its column against itself */
                        int32_t a0 = ch[0].bias, unused = 0;
                        dot2(column, w, w, words, &a0, &unused);
                        *output++ = requantize(a0, &ch[0], p->act_min, p->act_max);
                        w += words;
                        ch += 1;
                    }
                }
            }
        }
    }
}
