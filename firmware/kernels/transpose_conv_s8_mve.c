/* TRANSPOSE_CONV int8, mve backend (Cortex-M55 Helium): TFLite Micro's reference scatter (reference_integer_ops::
 * TransposeConv) with the filter rearranged once per invoke: per tap, its output channels in groups of four whose
 * rows interleave in blocks of 16 bytes (zeros past the channels and the depth), so that one assembly loop per
 * in-bounds tap walks every group with one pointer: per 16 values one load of the pixel and four loads and
 * VMLADAVA for the four rows. The sums plus input_offset * the rows' sums go to int32 accumulators kept per
 * output position in whole groups of four; then four channels at a time through a requantization table built
 * per invoke from the filter's scales (mg_requant.h), as mg_mve.h's mve_requant_group reads it. */
#pragma GCC optimize("O3")
#include "transpose_conv.h"

/* Words of the requantization table per group of four channels: biases, multipliers, minus right shifts, left
 * shifts (mg_mve.h, MVE_TABLE_STRIDE(1)). */
#define TABLE_GROUP 16

static int32_t groups_of(int32_t output_depth)
{
    return (output_depth + 3) / 4;
}

static int32_t blocks_of(int32_t input_depth)
{
    return (input_depth + 15) / 16;
}

size_t mg_transpose_conv_s8_mve_scratch_size(int32_t output_positions, int32_t filter_taps, int32_t output_depth,
                                             int32_t input_depth)
{
    /* words: the accumulators (whole groups per position), the offset terms per tap and channel, the table; then
     * bytes: the rearranged filter and the padded pixel */
    const size_t channels = 4u * (size_t)groups_of(output_depth), blocks = (size_t)blocks_of(input_depth);
    const size_t words = ((size_t)output_positions + (size_t)filter_taps) * channels + channels / 4 * TABLE_GROUP;
    return words * sizeof(int32_t) + ((size_t)filter_taps * channels + 1u) * blocks * 16u;
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"
#include "mg_mve_dot.h"

/* The table of mve_requant_group for the node's channels (the last group padded with channel 0's entries). */
static void build_table(const mg_transpose_conv_params *p, const uint8_t *filter_scales, const int32_t *bias,
                        int32_t *table)
{
    const int32_t depth = p->geometry.output_depth;
    for (int32_t o = 0; o < groups_of(depth) * 4; ++o) {
        const int32_t c = o < depth ? o : 0;
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, c, &multiplier, &shift);
        int32_t *group = table + (o / 4) * TABLE_GROUP + o % 4;
        group[0] = bias ? bias[c] : 0;
        group[4] = multiplier;
        group[8] = shift < 0 ? shift : 0;
        group[12] = shift > 0 ? shift : 0;
    }
}

/* Per tap and output channel (whole groups), the row's 16-byte blocks interleaved by groups of four, and
 * terms[tap][channel] = input_offset * the row's sum (0 for padding channels). */
static void rearrange(const mg_transpose_conv_params *p, const int8_t *filter, int8_t *wide, int32_t *terms)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width, channels = 4 * groups_of(g->output_depth);
    const int32_t blocks = blocks_of(g->input_depth);
    for (int32_t t = 0; t < taps; ++t) { /* the rows of tap t: output channels taps * input_depth apart */
        for (int32_t o = 0; o < channels; ++o) {
            const int8_t *row = filter + (o * taps + t) * g->input_depth;
            terms[t * channels + o] = o < g->output_depth ? p->input_offset * mg_mve_sum_s8(row, g->input_depth) : 0;
        }
        mg_mve_interleave_rows(filter + t * g->input_depth, g->output_depth, taps * g->input_depth, g->input_depth,
                               wide + t * channels * blocks * 16);
    }
}

void mg_transpose_conv_s8_mve(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                              const uint8_t *filter_scales, const int32_t *bias, int8_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width, groups = groups_of(g->output_depth);
    const int32_t channels = 4 * groups, blocks = blocks_of(g->input_depth);
    const int32_t positions = mg_conv_output_elements(g) / g->output_depth;
    int32_t *acc = scratch, *terms = acc + positions * channels, *table = terms + taps * channels;
    int8_t *wide = (int8_t *)(table + groups * TABLE_GROUP), *x = wide + taps * channels * blocks * 16;
    mg_mve_zero_words(acc, positions * channels);
    rearrange(p, filter, wide, terms);
    build_table(p, filter_scales, bias, table);
    const int8_t *pixel = input;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t iy = 0; iy < g->input_height; ++iy) {
            const int32_t oy = iy * g->stride_height - g->pad_height;
            int32_t ky0, ky1;
            mg_conv_window(oy, 1, g->output_height, g->filter_height, &ky0, &ky1);
            for (int32_t ix = 0; ix < g->input_width; ++ix, pixel += g->input_depth) {
                const int32_t ox = ix * g->stride_width - g->pad_width;
                int32_t kx0, kx1;
                mg_conv_window(ox, 1, g->output_width, g->filter_width, &kx0, &kx1);
                mg_mve_pad_row(pixel, g->input_depth, x);
                for (int32_t ky = ky0; ky < ky1; ++ky) {
                    const int32_t row = (b * g->output_height + oy + ky) * g->output_width + ox;
                    for (int32_t kx = kx0; kx < kx1; ++kx) {
                        const int32_t tap = ky * g->filter_width + kx;
                        mg_mve_dot_groups_s8(x, wide + tap * channels * blocks * 16, terms + tap * channels,
                                             acc + (row + kx) * channels, groups, blocks);
                    }
                }
            }
        }
    }
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    for (int32_t i = 0; i < positions; ++i, output += g->output_depth) {
        for (int32_t o = 0; o < g->output_depth; o += 4) {
            const int32x4_t v = mve_requant_group(vldrwq_s32(acc + i * channels + o), table + o / 4 * TABLE_GROUP, 1,
                                                  p->output_offset, act_min, act_max);
            vstrbq_p_s32(output + o, v, vctp32q((uint32_t)(g->output_depth - o)));
        }
    }
}

#endif
