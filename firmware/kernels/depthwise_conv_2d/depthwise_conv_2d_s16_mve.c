/* DEPTHWISE_CONV_2D 16x8, mve backend (Cortex-M55): TFLite Micro's reference DepthwiseConvPerChannel for int16
 * input (depthwise_conv_2d_s16.c) over the channel-major ring of input rows (mg_dw_ring_s16.h). Four neighbouring
 * outputs of one channel are the vector lanes: every tap loads their four inputs widened to int32 (a contiguous
 * load at stride 1, a gather otherwise) and adds them times the tap's weight (VMLA by a scalar), 4 MACs in 2
 * instructions. The int32 sums are exact on the nodes the generator claims and requantized as the dsp 16x8
 * kernels' (mg_dsp_requant_s16.h; VRMULH is SMMULR per lane): at stride 1 with a 3x3 filter, a fast multiplier and
 * no activation or ReLU inside the assembly loop (quads_3x3), otherwise from a row of sums. */
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

/* The weights' part of the 3x3 loops below: per filter row its three loads (LOADS, into q0-q2), then the
 * multiplies; six weights in registers, the last row's loaded per block (the registers run out). */
#define SUMS_3X3_LOOP(LOADS)                                                                                           \
    "dls lr, %[t]\n\t"                                                                                                 \
    "1:\n\t" LOADS("r0") "vmul.i32 q3, q0, %[w0]\n\t"                                                                  \
                         "vmla.s32 q3, q1, %[w1]\n\t"                                                                  \
                         "vmla.s32 q3, q2, %[w2]\n\t" LOADS("r1") "vmla.s32 q3, q0, %[w3]\n\t"                         \
                                                                  "ldr %[t], [%[w], #16]\n\t"                          \
                                                                  "vmla.s32 q3, q1, %[t]\n\t"                          \
                                                                  "ldr %[t], [%[w], #20]\n\t"                          \
                                                                  "vmla.s32 q3, q2, %[t]\n\t" LOADS(                   \
                                                                      "r2") "ldr %[t], [%[w], #24]\n\t"                \
                                                                            "vmla.s32 q3, q0, %[t]\n\t"                \
                                                                            "ldr %[t], [%[w], #28]\n\t"                \
                                                                            "vmla.s32 q3, q1, %[t]\n\t"                \
                                                                            "ldr %[t], [%[w], #32]\n\t"                \
                                                                            "vmla.s32 q3, q2, %[t]\n\t"                \
                                                                            "vstrw.32 q3, [%[q]], #16\n\t"             \
                                                                            "le lr, 1b\n\t"
#define SUMS_3X3_OPERANDS                                                                                              \
    : [r0] "+l"(r0), [r1] "+l"(r1), [r2] "+l"(r2), [q] "+r"(sums), [t] "+&r"(t)                                       \
    : [w] "r"(w), [w0] "r"(w[0]), [w1] "r"(w[1]), [w2] "r"(w[2]), [w3] "r"(w[3]), [o] "r"(offsets)

/* The sums of `blocks` blocks of four outputs of a 3x3 filter at stride 1, to sums: x is filter row 0's input row
 * (filter row ky's ky * step values further), w the nine weights. In assembly (GCC 12 spills the intrinsics'
 * loop): per block nine loads, nine multiplies and three weight loads. */
static void sums_3x3(const int16_t *x, int32_t step, const int32_t w[9], int32_t blocks, int32_t *sums)
{
    const int16_t *r0 = x, *r1 = x + step, *r2 = x + 2 * step;
    const uint32_t *offsets = 0;
    int32_t t = blocks; /* the loop count, then a weight */
#define LOADS(r)                                                                                                       \
    "vldrh.s32 q1, [%[" r "], #2]\n\t"                                                                                 \
    "vldrh.s32 q2, [%[" r "], #4]\n\t"                                                                                 \
    "vldrh.s32 q0, [%[" r "]], #8\n\t"
    __asm__ volatile(SUMS_3X3_LOOP(LOADS) SUMS_3X3_OPERANDS : "q0", "q1", "q2", "q3", "lr", "memory");
#undef LOADS
}

/* The same at stride 2: the lanes' values two apart, gathered (offsets 0, 2, 4, 6 and one and two more). */
static void sums_3x3_stride2(const int16_t *x, int32_t step, const int32_t w[9], int32_t blocks, int32_t *sums)
{
    static const uint32_t lane_offsets[12] = {0, 2, 4, 6, 1, 3, 5, 7, 2, 4, 6, 8};
    const int16_t *r0 = x, *r1 = x + step, *r2 = x + 2 * step;
    const uint32_t *offsets = lane_offsets;
    int32_t t = blocks;
#define LOADS(r)                                                                                                       \
    "vldrh.s32 q0, [%[" r "], q4, uxtw #1]\n\t"                                                                        \
    "vldrh.s32 q1, [%[" r "], q5, uxtw #1]\n\t"                                                                        \
    "vldrh.s32 q2, [%[" r "], q6, uxtw #1]\n\t"                                                                        \
    "adds %[" r "], #16\n\t"
    __asm__ volatile("vldrw.u32 q4, [%[o]]\n\t"
                     "vldrw.u32 q5, [%[o], #16]\n\t"
                     "vldrw.u32 q6, [%[o], #32]\n\t" SUMS_3X3_LOOP(LOADS) SUMS_3X3_OPERANDS
                     : "q0", "q1", "q2", "q3", "q4", "q5", "q6", "lr", "memory");
#undef LOADS
}
#undef SUMS_3X3_LOOP
#undef SUMS_3X3_OPERANDS

/* The fused 3x3 stride-1 loop's constants of one channel (a fast multiplier, without an activation or with ReLU),
 * made once per invoke in the ring's fused words; the assembly reads them at these offsets. */
typedef struct {
    uint32_t out_offsets[4]; /* the lanes' outputs, output_depth apart (halfwords) */
    int32_t bias;
    int32_t multiplier;  /* the fast multiplier: VRMULH by it is SMMULR */
    int32_t block_bytes; /* bytes from one block of four outputs to the next */
    int8_t w[12];        /* the nine weights */
} quad_consts;

_Static_assert(sizeof(quad_consts) == MG_DW_RING_FUSED_WORDS * sizeof(uint32_t), "the ring's fused words");

/* Every channel's quad_consts into the ring's fused words. */
static void quad_channels(const mg_dw_ring_s16 *ring, const int8_t *filter)
{
    const int32_t depth = ring->g->output_depth;
    quad_consts *c = (quad_consts *)ring->fused;
    for (int32_t o = 0; o < depth; ++o, ++c) {
        for (int32_t i = 0; i < 4; ++i) {
            c->out_offsets[i] = (uint32_t)(i * depth);
        }
        c->bias = ring->channels[o].bias;
        c->multiplier = ring->channels[o].fast_multiplier;
        c->block_bytes = 4 * depth * (int32_t)sizeof(int16_t);
        for (int32_t t = 0; t < 9; ++t) {
            c->w[t] = filter[t * depth + o];
        }
    }
}

/* `outputs` outputs of a 3x3 filter at stride 1, four per block (the last one's lanes under the tail predicate of a
 * DLSTP/LETP loop), with the requantization in the loop: the nine loads
 * and multiplies of sums_3x3, then the bias (VADD), the multiplier (VRMULH), ReLU (VMAX by zero) when `relu`,
 * saturation to int16 (VQMOVNB) and a scatter store: 36 MACs in 29 instructions (30 with ReLU). Four weights stay
 * in registers, five are loaded per block (more operands than these leave GCC without registers); the widening loads
 * take their base in a low register (r0-r7), hence the rows' "l" constraints. */
static void quads_3x3(const int16_t *x, int32_t step, int32_t outputs, const quad_consts *c, int16_t *out, int relu)
{
    const int16_t *r0 = x, *r1 = x + step, *r2 = x + 2 * step;
    int32_t t = outputs;
#define LOADS(r)                                                                                                       \
    "vldrh.s32 q1, [%[" r "], #2]\n\t"                                                                                 \
    "vldrh.s32 q2, [%[" r "], #4]\n\t"                                                                                 \
    "vldrh.s32 q0, [%[" r "]], #8\n\t"
#define MLA(q, off) "ldrsb %[t], [%[c], #" #off "]\n\tvmla.s32 q3, " q ", %[t]\n\t"
#define QUADS(ZERO, RELU)                                                                                              \
    __asm__ volatile("dlstp.32 lr, %[t]\n\t"                                                                           \
                     "vldrw.u32 q7, [%[c]]\n\t"                                                                        \
                     "ldr %[t], [%[c], #16]\n\t"                                                                       \
                     "vdup.32 q5, %[t]\n\t"                                                                            \
                     "ldr %[t], [%[c], #20]\n\t"                                                                       \
                     "vdup.32 q4, %[t]\n\t" ZERO "1:\n\t" LOADS(                                                       \
                         "r0") "vmul.i32 q3, q0, %[w0]\n\t"                                                            \
                               "vmla.s32 q3, q1, %[w1]\n\t"                                                            \
                               "vmla.s32 q3, q2, %[w2]\n\t" LOADS("r1") "vmla.s32 q3, q0, %[w3]\n\t" MLA("q1", 32)     \
                                   MLA("q2", 33) LOADS("r2") MLA("q0", 34) MLA("q1", 35)                               \
                                       MLA("q2", 36) "vadd.i32 q3, q3, q5\n\t"                                         \
                                                     "vrmulh.s32 q3, q3, q4\n\t" RELU "vqmovnb.s32 q3, q3\n\t"         \
                                                     "vstrh.32 q3, [%[out], q7, uxtw #1]\n\t"                          \
                                                     "add %[out], %[n]\n\t"                                            \
                                                     "letp lr, 1b\n\t"                                                 \
                     : [r0] "+l"(r0), [r1] "+l"(r1), [r2] "+l"(r2), [out] "+r"(out), [t] "+&r"(t)                      \
                     : [c] "r"(c), [w0] "r"((int32_t)c->w[0]), [w1] "r"((int32_t)c->w[1]), [w2] "r"((int32_t)c->w[2]), \
                       [w3] "r"((int32_t)c->w[3]), [n] "r"(c->block_bytes)                                             \
                     : "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "lr", "memory")
    if (relu) {
        QUADS("vmov.i32 q6, #0\n\t", "vmax.s32 q3, q3, q6\n\t");
    } else {
        QUADS("", ""); /* without ReLU, no zero register either */
    }
#undef QUADS
#undef MLA
#undef LOADS
}

/* 1 without an activation, 2 with ReLU (the ranges quads_3x3 clamps to), else 0. */
static int fused_activation(int32_t act_min, int32_t act_max)
{
    if (act_max != INT16_MAX) {
        return 0;
    }
    return act_min == INT16_MIN ? 1 : act_min == 0 ? 2 : 0;
}

/* An output row of channel ch (a fast multiplier), 3x3 at stride 1, q its fused-loop constants. */
static void quad_row(const row_consts *c, const int16_t *x, int32_t step, const quad_consts *q, int activation,
                     int16_t *out)
{
    quads_3x3(x, step, c->g->output_width, q, out, activation == 2);
}

/* An output row of channel ch, 3x3 at stride 1 or 2: the sums of the whole row (the ring's rows hold the reads
 * past its end), then four outputs at a time. */
static void row_3x3(const row_consts *c, const int16_t *x, int32_t step, const int8_t *w, int32_t *sums,
                    const mg_dsp_s16_channel *ch, int16_t *out)
{
    const int32_t width = c->g->output_width, depth = c->g->output_depth;
    int32_t weights[9];
    for (int32_t t = 0; t < 9; ++t) {
        weights[t] = w[t * depth];
    }
    (c->g->stride_width == 1 ? sums_3x3 : sums_3x3_stride2)(x, step, weights, (width + 3) / 4, sums);
    for (int32_t ox = 0; ox < width; ox += 4, out += 4 * depth) {
        store_outputs(c, ch, vldrwq_s32(sums + ox), vctp32q((uint32_t)(width - ox)), width - ox, out);
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
    const int32_t row_step = mg_dw_ring_s16_row_step(&ring);
    const int fast = g->filter_height == 3 && g->filter_width == 3 && g->stride_width <= 2 && g->dilation_width == 1;
    /* 3x3 at stride 1 with the requantization in the loop: ReLU or no activation (0: neither) */
    const int quads = fast && g->stride_width == 1 ? fused_activation(p->act_min, p->act_max) : 0;
    if (quads) {
        quad_channels(&ring, filter);
    }
    const quad_consts *fused = (const quad_consts *)ring.fused;
    MG_DW_RING_S16_FOR_CHANNEL_ROWS(&ring, p, depth, input, output, x, out, o, {
        if (quads && ring.channels[o].fast_multiplier) {
            quad_row(&c, x, row_step, &fused[o], quads, out + o);
        } else if (fast) {
            row_3x3(&c, x, row_step, filter + o, ring.sums, &ring.channels[o], out + o);
        } else {
            output_row(&c, x, row_step, filter + o, &ring.channels[o], out + o);
        }
    })
}

/* In this file, not the backend's registration (depthwise_conv_2d_mve.c), so that a model without 16x8 nodes
 * leaves it out with the kernel. */
mg_status mg_depthwise_conv_2d_s16_mve_prepare(mg_node *node)
{
    return mg_depthwise_conv_2d_s16_backend_prepare(node);
}

#endif
