/* TRANSPOSE_CONV int8, mve backend (Cortex-M55 Helium): TFLite Micro's reference scatter (reference_integer_ops::
 * TransposeConv) with each in-bounds tap of an input pixel adding four output channels at a time: the pixel's
 * channels against four filter rows by VMLADAVA (mg_mve_dot.h), plus input_offset * the rows' sums (taken once per
 * invoke), to the int32 accumulators; then four channels at a time through a requantization table built per
 * invoke from the filter's scales (mg_requant.h), as mg_mve.h's mve_requant_group reads it. */
#pragma GCC optimize("O3")
#include "transpose_conv.h"

/* Words of the requantization table per group of four channels: biases, multipliers, minus right shifts, left
 * shifts (mg_mve.h, MVE_TABLE_STRIDE(1)). */
#define TABLE_GROUP 16

size_t mg_transpose_conv_s8_mve_scratch_size(int32_t output_elements, int32_t filter_rows, int32_t output_depth)
{
    /* the accumulators, the offset terms per filter row, the table */
    const size_t groups = (size_t)(output_depth + 3) / 4;
    return ((size_t)output_elements + (size_t)filter_rows + groups * TABLE_GROUP) * sizeof(int32_t);
}

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"
#include "mg_mve_dot.h"

/* The table of mve_requant_group for the node's channels (the last group padded with channel 0's entries). */
static void build_table(const mg_transpose_conv_params *p, const uint8_t *filter_scales, const int32_t *bias,
                        int32_t *table)
{
    const int32_t depth = p->geometry.output_depth;
    for (int32_t o = 0; o < (depth + 3) / 4 * 4; ++o) {
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

/* One input pixel x through the filter rows of one tap into the accumulators of one output position. */
static void add_tap(const mg_transpose_conv_params *p, const int8_t *x, const int8_t *filter, const int32_t *terms,
                    int32_t tap, int32_t *acc)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width, stride = taps * g->input_depth;
    for (int32_t o = 0; o < g->output_depth; o += 4) {
        const int32_t count = g->output_depth - o < 4 ? g->output_depth - o : 4;
        const mve_pred16_t lanes = vctp32q((uint32_t)count);
        int32x4_t sums = mg_mve_dot4_s8(x, filter + (o * taps + tap) * g->input_depth, stride, count, g->input_depth);
        sums = vaddq_s32(sums, vldrwq_z_s32(terms + tap * g->output_depth + o, lanes));
        vstrwq_p_s32(acc + o, vaddq_s32(vldrwq_z_s32(acc + o, lanes), sums), lanes);
    }
}

void mg_transpose_conv_s8_mve(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                              const uint8_t *filter_scales, const int32_t *bias, int8_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width, outputs = mg_conv_output_elements(g);
    int32_t *acc = scratch, *terms = acc + outputs, *table = terms + g->output_depth * taps;
    mg_mve_zero_words(acc, outputs);
    for (int32_t o = 0; o < g->output_depth; ++o) { /* terms[tap][o]: input_offset * the row's sum */
        for (int32_t t = 0; t < taps; ++t) {
            terms[t * g->output_depth + o] =
                p->input_offset * mg_mve_sum_s8(filter + (o * taps + t) * g->input_depth, g->input_depth);
        }
    }
    build_table(p, filter_scales, bias, table);
    const int8_t *x = input;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t iy = 0; iy < g->input_height; ++iy) {
            const int32_t oy = iy * g->stride_height - g->pad_height;
            int32_t ky0, ky1;
            mg_conv_window(oy, 1, g->output_height, g->filter_height, &ky0, &ky1);
            for (int32_t ix = 0; ix < g->input_width; ++ix, x += g->input_depth) {
                const int32_t ox = ix * g->stride_width - g->pad_width;
                int32_t kx0, kx1;
                mg_conv_window(ox, 1, g->output_width, g->filter_width, &kx0, &kx1);
                for (int32_t ky = ky0; ky < ky1; ++ky) {
                    int32_t *row = acc + ((b * g->output_height + oy + ky) * g->output_width + ox) * g->output_depth;
                    for (int32_t kx = kx0; kx < kx1; ++kx) {
                        add_tap(p, x, filter, terms, ky * g->filter_width + kx, row + kx * g->output_depth);
                    }
                }
            }
        }
    }
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    for (int32_t i = 0; i < outputs; i += g->output_depth) {
        for (int32_t o = 0; o < g->output_depth; o += 4) {
            const mve_pred16_t lanes = vctp32q((uint32_t)(g->output_depth - o));
            const int32x4_t v = mve_requant_group(vldrwq_z_s32(acc + i + o, lanes), table + o / 4 * TABLE_GROUP, 1,
                                                  p->output_offset, act_min, act_max);
            vstrbq_p_s32(output + i + o, v, lanes);
        }
    }
}

#endif
