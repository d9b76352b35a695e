/* DEPTHWISE_CONV_2D 16x8, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference DepthwiseConvPerChannel for
 * int16 input (depthwise_conv_2d_s16.c) over the channel-major ring of input rows (mg_dw_ring_s16.h). A 3x3
 * filter at stride 1 takes two outputs per pass: per filter row the words (x0, x1) and (x2, x3) meet the weight
 * pairs (w0, w1) and (w1, w2) in SMLAD, SMLABT, SMLATB and SMLAD, 6 MACs in 6 instructions; other filters go tap
 * by tap. The int32 sums are exact on the nodes the generator claims (dsp_depthwise_conv_2d_s16.py) and
 * requantized as the dsp 16x8 CONV_2D's (mg_dsp_requant_s16.h). */
#include "depthwise_conv_2d.h"
#include "mg_dw_ring_s16.h"
#include "mg_prepare_weighted.h"

/* One filter row against two neighbouring windows: x the row's values from the first window's first tap, k01 and
 * k12 the weight pairs (w0, w1), (w1, w2). */
static inline __attribute__((always_inline)) void filter_row_pair(const int16_t *x, uint32_t k01, uint32_t k12,
                                                                  int32_t *s0, int32_t *s1)
{
    const uint32_t a = dsp_ld32(x), b = dsp_ld32(x + 2);
    *s0 = dsp_smlabt(b, k12, dsp_smlad(a, k01, *s0)); /* x0 w0 + x1 w1, + x2 w2 */
    *s1 = dsp_smlad(b, k12, dsp_smlatb(a, k01, *s1)); /* x1 w0, + x2 w1 + x3 w2 */
}

/* An output row of one channel, 3x3 at stride 1: rows its three filter rows' input rows, w its first weight
 * (taps `depth` apart), out its first output (outputs `depth` apart). */
static void row_3x3(const int16_t *const rows[3], const int8_t *w, int32_t depth, const mg_dsp_s16_channel *ch,
                    mg_requant_s16_step *step, int32_t output_width, int16_t *out)
{
    uint32_t k[6];
    for (int32_t ky = 0; ky < 3; ++ky) {
        const int8_t *t = w + 3 * ky * depth;
        k[2 * ky] = dsp_pair(t[0], t[depth]);
        k[2 * ky + 1] = dsp_pair(t[depth], t[2 * depth]);
    }
    const int16_t *r0 = rows[0], *r1 = rows[1], *r2 = rows[2];
    for (int32_t ox = 0; ox < output_width; ox += 2, out += 2 * depth) {
        int32_t s0 = 0, s1 = 0;
        filter_row_pair(r0 + ox, k[0], k[1], &s0, &s1);
        filter_row_pair(r1 + ox, k[2], k[3], &s0, &s1);
        filter_row_pair(r2 + ox, k[4], k[5], &s0, &s1);
        out[0] = mg_dsp_s16_output(ch, step, s0);
        if (ox + 1 < output_width) { /* the ring's row has room for the pair past an odd row's end */
            out[depth] = mg_dsp_s16_output(ch, step, s1);
        }
    }
}

/* An output row of one channel, any filter, stride and dilation: tap by tap. */
static void row_taps(const mg_conv_geometry *g, const int16_t *const *rows, const int8_t *w,
                     const mg_dsp_s16_channel *ch, mg_requant_s16_step *step, int16_t *out)
{
    const int32_t depth = g->output_depth;
    for (int32_t ox = 0; ox < g->output_width; ++ox, out += depth) {
        int32_t sum = 0;
        for (int32_t ky = 0; ky < g->filter_height; ++ky) {
            const int16_t *x = rows[ky] + ox * g->stride_width;
            const int8_t *t = w + ky * g->filter_width * depth;
            for (int32_t kx = 0; kx < g->filter_width; ++kx) {
                sum += x[kx * g->dilation_width] * t[kx * depth];
            }
        }
        out[0] = mg_dsp_s16_output(ch, step, sum);
    }
}

void mg_depthwise_conv_2d_s16_dsp(const mg_depthwise_conv_2d_params *p, const int16_t *input, const int8_t *filter,
                                  const uint8_t *filter_scales, const int64_t *bias, int16_t *output, void *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->output_depth;
    const int pairs = g->filter_height == 3 && g->filter_width == 3 && g->stride_width == 1 && g->dilation_width == 1;
    mg_dw_ring_s16 ring;
    mg_dw_ring_s16_init(&ring, g, scratch);
    for (int32_t o = 0; o < depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        ring.channels[o] = mg_dsp_s16_channel_of(multiplier, shift, 1, bias, o);
    }
    mg_requant_s16_step step = {1, 0, 0, 0, p->act_min, p->act_max};
    const int16_t *rows[MG_DW_S16_MAX_ROWS];
    for (int32_t b = 0; b < g->batches; ++b) {
        const int16_t *image = input + b * g->input_height * g->input_width * g->input_depth;
        for (int32_t oy = 0; oy < g->output_height; ++oy) {
            mg_dw_ring_s16_advance(&ring, image, oy);
            int16_t *out = output + (b * g->output_height + oy) * g->output_width * depth;
            for (int32_t o = 0; o < depth; ++o) {
                for (int32_t ky = 0; ky < g->filter_height; ++ky) {
                    rows[ky] = mg_dw_ring_s16_row(&ring, oy, ky, o / p->depth_multiplier);
                }
                if (pairs) {
                    row_3x3(rows, filter + o, depth, &ring.channels[o], &step, g->output_width, out + o);
                } else {
                    row_taps(g, rows, filter + o, &ring.channels[o], &step, out + o);
                }
            }
        }
    }
}

static mg_status prepare(mg_node *node)
{
    return mg_depthwise_conv_2d_s16_backend_prepare(node);
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *bias = mg_input(node, 2);
    mg_depthwise_conv_2d_s16_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, node->user_data,
                                 bias ? bias->data : 0, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_depthwise_conv_2d_s16_dsp = {0, 0, prepare, invoke};
