/* DEPTHWISE_CONV_2D 16x8, mve backend (Cortex-M55): TFLite Micro's reference DepthwiseConvPerChannel for int16
 * input (depthwise_conv_2d_s16.c) over the channel-major ring of input rows (mg_dw_ring_s16.h). Four neighbouring
 * outputs of one channel are the vector lanes: every tap loads their four inputs widened to int32 (a contiguous
 * load at stride 1, a gather otherwise) and adds them times the tap's weight (VMLA by a scalar), 4 MACs in 2
 * instructions. The int32 sums are exact on the nodes the generator claims and requantized as the dsp 16x8
 * kernels' (mg_dsp_requant_s16.h; VRMULH is SMMULR per lane). 3x3 filters without dilation at a stride of 1 or 2
 * along rows go to depthwise_conv_2d_3x3_s16_mve.c, which lays the ring out otherwise. */
#pragma GCC optimize("O3")
#include "depthwise_conv_2d.h"
#include "mg_dw_ring_s16.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

/* The constants of one output row. */
typedef struct {
    const mg_conv_geometry *g;
    uint32x4_t in_offsets;  /* the lanes' input values, stride_width apart */
    uint32x4_t out_offsets; /* the lanes' outputs, output_depth apart */
    int32x4_t act_min, act_max;
    mg_requant_s16_step step;
} row_consts;

/* The sums of four outputs (lanes under p): x is filter row 0's input row at the first lane's first tap (filter
 * row ky's ky * step values further), w the channel's first weight (taps output_depth apart). */
static inline int32x4_t window_sums(const row_consts *c, const int16_t *x, int32_t step, const int8_t *w,
                                    mve_pred16_t p)
{
    const mg_conv_geometry *g = c->g;
    const int32_t depth = g->output_depth, dilation = g->dilation_width;
    int32x4_t acc = vdupq_n_s32(0);
    for (int32_t ky = 0; ky < g->filter_height; ++ky, x += step, w += g->filter_width * depth) {
        for (int32_t kx = 0; kx < g->filter_width; ++kx) {
            const int16_t *tap = x + kx * dilation;
            const int32x4_t v =
                g->stride_width == 1 ? vldrhq_z_s32(tap, p) : vldrhq_gather_shifted_offset_z_s32(tap, c->in_offsets, p);
            acc = vmlaq_n_s32(acc, v, w[kx * depth]);
        }
    }
    return acc;
}

/* Four outputs of channel ch (lanes under p) from their sums, to out (outputs output_depth apart). */
static inline void store_outputs(const row_consts *c, const mg_dsp_s16_channel *ch, int32x4_t sums, mve_pred16_t p,
                                 int32_t lanes, int16_t *out)
{
    if (ch->fast_multiplier) {
        const int32x4_t r = vrmulhq_s32(vaddq_n_s32(sums, ch->bias), vdupq_n_s32(ch->fast_multiplier));
        vstrhq_scatter_shifted_offset_p_s32(out, c->out_offsets, vminq_s32(vmaxq_s32(r, c->act_min), c->act_max), p);
        return;
    }
    int32_t values[4];
    vstrwq_s32(values, sums);
    mg_requant_s16_step step = c->step;
    for (int32_t l = 0; l < lanes && l < 4; ++l) {
        out[l * c->g->output_depth] = mg_dsp_s16_output(ch, &step, values[l]);
    }
}

/* An output row of channel ch, any filter, stride and dilation. */
static void output_row(const row_consts *c, const int16_t *x, int32_t step, const int8_t *w,
                       const mg_dsp_s16_channel *ch, int16_t *out)
{
    const mg_conv_geometry *g = c->g;
    const int32_t width = g->output_width, depth = g->output_depth;
    for (int32_t ox = 0; ox < width; ox += 4) {
        const mve_pred16_t p = vctp32q((uint32_t)(width - ox));
        const int32x4_t sums = window_sums(c, x + ox * g->stride_width, step, w, p);
        store_outputs(c, ch, sums, p, width - ox, out + ox * depth);
    }
}

void mg_depthwise_conv_2d_s16_mve(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                                  const uint8_t *filter_scales, const int64_t *bias, int16_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->output_depth;
    mg_dw_ring_s16 ring;
    mg_dw_ring_s16_init(&ring, p, filter_scales, bias, scratch);
    const uint32x4_t lanes = vidupq_n_u32(0, 1);
    const row_consts c = {g,
                          vmulq_n_u32(lanes, (uint32_t)g->stride_width),
                          vmulq_n_u32(lanes, (uint32_t)depth),
                          vdupq_n_s32(p->act_min),
                          vdupq_n_s32(p->act_max),
                          {1, 0, 0, 0, p->act_min, p->act_max}};
    if (g->filter_height == 3 && g->filter_width == 3 && g->dilation_height == 1 && g->dilation_width == 1 &&
        g->stride_width <= 2) {
        mg_depthwise_conv_2d_3x3_s16_mve(p, &ring, input, filter, output);
        return;
    }
    const int32_t row_step = mg_dw_ring_s16_row_step(&ring);
    MG_DW_RING_S16_FOR_CHANNEL_ROWS(&ring, p, depth, input, output, x, out, o,
                                    { output_row(&c, x, row_step, filter + o, &ring.channels[o], out + o); })
}

/* In this file, not the backend's registration (depthwise_conv_2d_mve.c), so that a model without 16x8 nodes
 * leaves it out with the kernel. */
mg_status mg_depthwise_conv_2d_s16_mve_prepare(mg_node *node)
{
    return mg_depthwise_conv_2d_s16_backend_prepare(node);
}

#endif
