/* DEPTHWISE_CONV_2D 16x8, mve backend (Cortex-M55): TFLite Micro's reference DepthwiseConvPerChannel for int16
 * input (depthwise_conv_2d_s16.c) over the channel-major ring of input rows (mg_dw_ring_s16.h). Four neighbouring
 * outputs of one channel are the vector lanes: every tap loads their four inputs widened to int32 (a contiguous
 * load at stride 1 without dilation, a gather otherwise) and adds them times the tap's weight (VMLA by a scalar),
 * 4 MACs in 4 instructions with the weight's load and the loop's. The int32 sums are exact on the nodes the
 * generator claims and requantized as the dsp 16x8 kernels' (mg_dsp_requant_s16.h; VRMULH is SMMULR per lane). 3x3
 * filters without dilation at a stride of 1 or 2 along rows go to depthwise_conv_2d_3x3_s16_mve.c, which lays the
 * ring out otherwise. */
#pragma GCC optimize("O3")
#include "depthwise_conv_2d.h"
#include "mg_dw_ring_s16.h"
#include "mg_prepare_weighted.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

/* The constants of one output row. */
typedef struct {
    const mg_conv_geometry *g;
    uint32x4_t out_offsets; /* the lanes' outputs, output_depth apart */
    int32x4_t act_min, act_max;
    mg_requant_s16_step step;
} row_consts;

/* The constants of window_sums' assembly, at the offsets it reads. */
typedef struct {
    int32_t taps;        /* filter_width */
    int32_t step;        /* bytes from one filter row's input row to the next */
    uint32_t offsets[4]; /* the lanes' first values, stride_width apart (halfwords) */
} window_consts;

/* The sums of four outputs to sums: x is filter row 0's input row at the first lane's first tap, w the channel's
 * weights as int32 (the ring's weight table, filter rows one after another). Per tap one load of the four lanes'
 * values (contiguous at stride 1 without dilation, else a gather, `dilation` bytes on per tap), one of the weight
 * and a VMLA by it; the lanes past the row's last output read values the ring's rows hold. */
#define WINDOW_SUMS(LOAD)                                                                                              \
    __asm__ volatile("vldrw.u32 q2, [%[c], #8]\n\t"                                                                    \
                     "vmov.i32 q1, #0\n"                                                                               \
                     "2:\n\t"                                                                                          \
                     "mov %[r], %[x]\n\t"                                                                              \
                     "ldr %[t], [%[c]]\n\t"                                                                            \
                     "dls lr, %[t]\n"                                                                                  \
                     "1:\n\t" LOAD "ldr %[t], [%[w]], #4\n\t"                                                          \
                     "vmla.s32 q1, q0, %[t]\n\t"                                                                       \
                     "le lr, 1b\n\t"                                                                                   \
                     "ldr %[t], [%[c], #4]\n\t"                                                                        \
                     "add %[x], %[t]\n\t"                                                                              \
                     "subs %[rows], #1\n\t"                                                                            \
                     "bne 2b\n\t"                                                                                      \
                     "vstrw.32 q1, [%[s]]"                                                                             \
                     : [x] "+&r"(x), [w] "+&r"(w), [rows] "+&r"(rows), [r] "=&l"(r), [t] "=&r"(t)                      \
                     : [c] "r"(c), [s] "r"(sums), [d] "r"(dilation)                                                    \
                     : "q0", "q1", "q2", "lr", "cc", "memory")

static void window_sums(const window_consts *c, const int16_t *x, const int32_t *w, int32_t rows, int32_t dilation,
                        int contiguous, int32_t *sums)
{
    const int16_t *r;
    int32_t t;
    if (contiguous) {
        WINDOW_SUMS("vldrh.s32 q0, [%[r]], #2\n\t");
    } else {
        WINDOW_SUMS("vldrh.s32 q0, [%[r], q2, uxtw #1]\n\t"
                    "add %[r], %[d]\n\t");
    }
}
#undef WINDOW_SUMS

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

/* An output row of channel ch, any filter, stride and dilation: w its weights as int32. */
static void output_row(const row_consts *c, const window_consts *wc, const int16_t *x, const int32_t *w,
                       const mg_dsp_s16_channel *ch, int16_t *out)
{
    const mg_conv_geometry *g = c->g;
    const int32_t width = g->output_width, depth = g->output_depth;
    const int32_t dilation = g->dilation_width * (int32_t)sizeof(int16_t);
    const int contiguous = g->stride_width == 1 && g->dilation_width == 1;
    int32_t sums[4];
    for (int32_t ox = 0; ox < width; ox += 4) {
        window_sums(wc, x + ox * g->stride_width, w, g->filter_height, dilation, contiguous, sums);
        store_outputs(c, ch, vldrwq_s32(sums), vctp32q((uint32_t)(width - ox)), width - ox, out + ox * depth);
    }
}

/* Every output channel's weights as int32 into the ring's weight table (filter_height * mg_dw_ring_pair_words
 * words a channel, filter_height * filter_width of them used). */
static void weight_table(const mg_dw_ring_s16 *ring, const int8_t *filter)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t depth = g->output_depth, taps = g->filter_height * g->filter_width;
    const int32_t words = g->filter_height * mg_dw_ring_pair_words(g->filter_width);
    for (int32_t o = 0; o < depth; ++o) {
        int32_t *w = (int32_t *)ring->table + o * words;
        for (int32_t t = 0; t < taps; ++t) {
            w[t] = filter[t * depth + o];
        }
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
                          vmulq_n_u32(lanes, (uint32_t)depth),
                          vdupq_n_s32(p->act_min),
                          vdupq_n_s32(p->act_max),
                          {1, 0, 0, 0, p->act_min, p->act_max}};
    if (mg_dw_ring_3x3_loops(g)) {
        mg_depthwise_conv_2d_3x3_s16_mve(p, &ring, input, filter, output);
        return;
    }
    weight_table(&ring, filter);
    const window_consts wc = {
        g->filter_width,
        mg_dw_ring_s16_row_step(&ring) * (int32_t)sizeof(int16_t),
        {0, (uint32_t)g->stride_width, 2u * (uint32_t)g->stride_width, 3u * (uint32_t)g->stride_width}};
    const int32_t words = g->filter_height * mg_dw_ring_pair_words(g->filter_width);
    MG_DW_RING_S16_FOR_CHANNEL_ROWS(&ring, p, depth, input, output, x, out, o, {
        output_row(&c, &wc, x, (const int32_t *)ring.table + o * words, &ring.channels[o], out + o);
    })
}

/* In this file, not the backend's registration (depthwise_conv_2d_mve.c), so that a model without 16x8 nodes
 * leaves it out with the kernel. */
mg_status mg_depthwise_conv_2d_s16_mve_prepare(mg_node *node)
{
    return mg_depthwise_conv_2d_s16_backend_prepare(node);
}

#endif
