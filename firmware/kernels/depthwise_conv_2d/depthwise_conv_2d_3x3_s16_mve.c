/* DEPTHWISE_CONV_2D 16x8, mve backend, 3x3 filters without dilation at a stride of 1 or 2 along rows (any along
 * columns): eight of each output's nine products in one VMLADAV. The scratch ring (mg_dw_ring_s16.h's rows, laid
 * out here otherwise) keeps the three input rows of an output row interleaved by column: for input channel c,
 * element 3 j + s of its row holds padded column j of the input row y with y mod 3 = s (zero for padding). An
 * output's window, three columns of three rows, is then nine consecutive values: one contiguous load of eight, the
 * ninth comes with the three other outputs' of the block in one gather. A new input row overwrites one slot of the
 * interleave (the oldest row), so the filter rows rotate through the slots: per channel the weights of the three
 * rotations are laid out once per invoke, in the order of the window's values. Per four outputs: four loads, four
 * VMLADAV, the gather and one VMLA, two moves into a vector, then the bias, VRMULH, the activation's lower
 * bound (none without an activation), VQMOVNB and a scatter store (36 MACs in 18 instructions, 19 with the lower
 * bound) for a fast multiplier and an upper bound of INT16_MAX; other channels store the row's sums for
 * mg_dsp_s16_output. */
#pragma GCC optimize("O3")
#include "depthwise_conv_2d.h"
#include "mg_dw_ring_s16.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

/* A channel's constants, made once per invoke in the ring's fused words; the assembly reads them at these
 * offsets. */
typedef struct {
    int32_t bias;
    int32_t multiplier; /* the fast multiplier (VRMULH by it is SMMULR), or 0 */
    int8_t w[3][9];     /* per rotation r the window's weights: value 3 kx + s is tap (ky, kx), (s - r) mod 3 = ky */
    int8_t unused[5];
} channel_consts;

_Static_assert(sizeof(channel_consts) == MG_DW_RING_FUSED_WORDS * sizeof(uint32_t), "the ring's fused words");

/* Values per input channel of the interleaved rows: the padded columns that blocks of four outputs reach. */
static int32_t interleaved_values(const mg_conv_geometry *g)
{
    const int32_t blocks = (g->output_width + 3) / 4;
    return 3 * ((4 * blocks - 1) * g->stride_width + 3);
}

static void channel_constants(const mg_dw_ring_s16 *ring, const int8_t *filter)
{
    const int32_t depth = ring->g->output_depth;
    channel_consts *c = (channel_consts *)ring->fused;
    for (int32_t o = 0; o < depth; ++o, ++c) {
        c->bias = ring->channels[o].bias;
        c->multiplier = ring->channels[o].fast_multiplier;
        for (int32_t r = 0; r < 3; ++r) {
            for (int32_t kx = 0; kx < 3; ++kx) {
                for (int32_t s = 0; s < 3; ++s) {
                    c->w[r][3 * kx + s] = filter[(((s - r + 3) % 3) * 3 + kx) * depth + o];
                }
            }
        }
    }
}

/* n bytes of zeros from dst. */
static void zero(void *dst, int32_t n)
{
    __asm__ volatile("vmov.i32 q0, #0\n\t"
                     "dlstp.8 lr, %[n]\n"
                     "1:\n\t"
                     "vstrb.8 q0, [%[d]], #16\n\t"
                     "letp lr, 1b"
                     : [d] "+&r"(dst)
                     : [n] "r"(n)
                     : "q0", "lr", "memory");
}

/* Input row src (or zeros when src is null) into slot s of every channel's interleaved row: per column eight
 * channels at a time, one load (or none) and one scatter store, the columns of src in pairs. */
static void write_slot(const mg_conv_geometry *g, const int16_t *src, int16_t *rows, int32_t values, int32_t s)
{
    const int32_t depth = g->input_depth, columns_reached = values / 3 - g->pad_width;
    int32_t columns = g->input_width < columns_reached ? g->input_width : columns_reached;
    if (columns <= 0) {
        return;
    }
    if (7 * values > UINT16_MAX) { /* the scatter's 16-bit offsets would not reach */
        for (int32_t x = 0; x < columns; ++x) {
            for (int32_t c = 0; c < depth; ++c) {
                rows[c * values + 3 * (x + g->pad_width) + s] = src ? src[x * depth + c] : 0;
            }
        }
        return;
    }
    uint16_t offsets[8]; /* eight channels' rows */
    for (int32_t i = 0; i < 8; ++i) {
        offsets[i] = (uint16_t)(i * values);
    }
    const int32_t group = 8 * values * (int32_t)sizeof(int16_t);
    int16_t *dst = rows + 3 * g->pad_width + s, *d;
    if (src && columns >= 2) { /* two columns a turn: two loads and two scatter stores (the second column's
                                * offsets three values further) per eight channels */
        const int16_t *from, *next;
        int32_t pairs = columns / 2;
        __asm__ volatile(
            "vldrh.u16 q1, [%[o]]\n\t"
            "movs %[d], #3\n\t"
            "vadd.i16 q2, q1, %[d]\n"
            "3:\n\t"
            "mov %[d], %[dst]\n\t"
            "mov %[f], %[s]\n\t"
            "add %[m], %[s], %[n], lsl #1\n\t"
            "dlstp.16 lr, %[n]\n"
            "1:\n\t"
            "vldrh.u16 q0, [%[f]], #16\n\t"
            "vldrh.u16 q3, [%[m]], #16\n\t"
            "vstrh.16 q0, [%[d], q1, uxtw #1]\n\t"
            "vstrh.16 q3, [%[d], q2, uxtw #1]\n\t"
            "add %[d], %[g]\n\t"
            "letp lr, 1b\n\t"
            "add %[s], %[s], %[n], lsl #2\n\t"
            "adds %[dst], #12\n\t"
            "subs %[x], #1\n\t"
            "bne 3b"
            : [s] "+&r"(src), [dst] "+&r"(dst), [d] "=&r"(d), [f] "=&r"(from), [m] "=&r"(next), [x] "+&r"(pairs)
            : [n] "r"(depth), [o] "r"(offsets), [g] "r"(group)
            : "q0", "q1", "q2", "q3", "lr", "cc", "memory");
        columns %= 2;
        if (columns == 0) {
            return;
        }
    }
    if (src) { /* a column's channels are depth values: the loads' pointer moves on by whole vectors */
        const int16_t *from;
        __asm__ volatile("vldrh.u16 q1, [%[o]]\n"
                         "3:\n\t"
                         "mov %[d], %[dst]\n\t"
                         "mov %[f], %[s]\n\t"
                         "dlstp.16 lr, %[n]\n"
                         "1:\n\t"
                         "vldrh.u16 q0, [%[f]], #16\n\t"
                         "vstrh.16 q0, [%[d], q1, uxtw #1]\n\t"
                         "add %[d], %[g]\n\t"
                         "letp lr, 1b\n\t"
                         "add %[s], %[s], %[n], lsl #1\n\t"
                         "adds %[dst], #6\n\t"
                         "subs %[x], #1\n\t"
                         "bne 3b"
                         : [s] "+&r"(src), [dst] "+&r"(dst), [d] "=&r"(d), [f] "=&r"(from), [x] "+&r"(columns)
                         : [n] "r"(depth), [o] "r"(offsets), [g] "r"(group)
                         : "q0", "q1", "lr", "cc", "memory");
    } else {
        __asm__ volatile("vldrh.u16 q1, [%[o]]\n\t"
                         "vmov.i32 q0, #0\n"
                         "3:\n\t"
                         "mov %[d], %[dst]\n\t"
                         "dlstp.16 lr, %[n]\n"
                         "1:\n\t"
                         "vstrh.16 q0, [%[d], q1, uxtw #1]\n\t"
                         "add %[d], %[g]\n\t"
                         "letp lr, 1b\n\t"
                         "adds %[dst], #6\n\t"
                         "subs %[x], #1\n\t"
                         "bne 3b"
                         : [dst] "+&r"(dst), [d] "=&r"(d), [x] "+&r"(columns)
                         : [n] "r"(depth), [o] "r"(offsets), [g] "r"(group)
                         : "q0", "q1", "lr", "cc", "memory");
    }
}

/* The interleaved rows of output row oy (oy = 0 starts a batch). */
static void advance(mg_dw_ring_s16 *ring, const int16_t *image, int32_t oy, int32_t values)
{
    const mg_conv_geometry *g = ring->g;
    const int32_t y0 = oy * g->stride_height - g->pad_height;
    if (oy == 0) { /* every slot zero: padding rows above and columns need no more writes */
        zero(ring->rows, g->input_depth * values * (int32_t)sizeof(int16_t));
        ring->next = y0;
    }
    for (int32_t y = ring->next > y0 ? ring->next : y0; y < y0 + 3; ++y) {
        if (y >= 0) { /* rows below the input overwrite a slot that held an input row */
            const int16_t *src = y < g->input_height ? image + y * g->input_width * g->input_depth : 0;
            write_slot(g, src, ring->rows, values, y % 3);
        }
    }
    ring->next = y0 + 3;
}

/* One block of four outputs from t (their windows `S` values apart) into q1 without the bias: the gather of the
 * ninth values (offsets in q5, weight w8), four loads and VMLADAV (into even registers) against the eight weights
 * in q3. */
#define SUMS_BLOCK(S)                                                                                                  \
    "vldrh.s32 q2, [%[t], q5, uxtw #1]\n\t"                                                                            \
    "vldrh.u16 q0, [%[t]], #" S "\n\t"                                                                                 \
    "vmladav.s16 %[s0], q0, q3\n\t"                                                                                    \
    "vldrh.u16 q0, [%[t]], #" S "\n\t"                                                                                 \
    "vmladav.s16 %[s1], q0, q3\n\t"                                                                                    \
    "vldrh.u16 q0, [%[t]], #" S "\n\t"                                                                                 \
    "vmladav.s16 %[s2], q0, q3\n\t"                                                                                    \
    "vldrh.u16 q0, [%[t]], #" S "\n\t"                                                                                 \
    "vmladav.s16 %[s3], q0, q3\n\t"                                                                                    \
    "vmov q1[2], q1[0], %[s0], %[s2]\n\t"                                                                              \
    "vmov q1[3], q1[1], %[s1], %[s3]\n\t"                                                                              \
    "vmla.s32 q1, q2, %[w8]\n\t"

/* The sums' registers: VMLADAV takes even ones. s0, a low register, is also the loops' scratch register. */
#define SUMS_REGISTERS                                                                                                 \
    register int32_t s0 __asm__("r6");                                                                                 \
    register int32_t s1 __asm__("r8");                                                                                 \
    register int32_t s2 __asm__("r10");                                                                                \
    register int32_t s3 __asm__("r12")
#define SUMS_OPERANDS [s0] "=&l"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3)

/* The fused loop's state in memory (the registers go to the block loop), at the offsets the assembly reads. */
typedef struct {
    const int16_t *t;  /* the channel's interleaved row */
    int16_t *out;      /* its first output */
    int32_t blocks;    /* whole blocks of four outputs */
    int32_t rest;      /* outputs after them (0 to 3) */
    int32_t row_bytes; /* from an interleaved row to the next channel's */
    uint32_t lanes[8]; /* the ninth values' offsets (halfwords), then the outputs' */
} fused_state;

_Static_assert(offsetof(fused_state, blocks) == 8 && offsetof(fused_state, rest) == 12 &&
                   offsetof(fused_state, row_bytes) == 16 && offsetof(fused_state, lanes) == 20 &&
                   offsetof(channel_consts, multiplier) == 4 && sizeof(channel_consts) == 40,
               "the offsets the fused loop reads");

/* The requantization of q1 (bias, fast multiplier in q4, the lower bound LOWER applies, saturation to int16),
 * stored by STORE to out, output_depth apart (offsets in q6). */
#define REQUANT_STORE(LOWER, STORE)                                                                                    \
    "vadd.i32 q1, q1, %[bias]\n\t"                                                                                     \
    "vrmulh.s32 q1, q1, q4\n\t" LOWER "vqmovnb.s32 q1, q1\n\t" STORE " q1, [%[out], q6, uxtw #1]\n\t"

/* Every channel of an output row with a fast multiplier (others are skipped), each row's outputs in blocks of
 * four, a last partial block under a predicate: per channel its constants (c, 40 bytes apart), then the blocks
 * from its interleaved row. The rows' windows are `S` values apart; LOWER applies the lower bound (in q7) or is
 * empty without one (the upper is INT16_MAX). */
#define FUSED_CHANNELS(S, LOWER)                                                                                       \
    __asm__ volatile("vldrw.u32 q5, [%[st], #20]\n\t"                                                                  \
                     "vldrw.u32 q6, [%[st], #36]\n\t"                                                                  \
                     "vdup.32 q7, %[bias]\n"                                                                           \
                     "3:\n\t"                                                                                          \
                     "ldrd %[bias], %[s1], [%[c]], #40\n\t"                                                            \
                     "vldrb.s16 q3, [%[w]], #40\n\t"                                                                   \
                     "cmp %[s1], #0\n\t"                                                                               \
                     "beq 4f\n\t"                                                                                      \
                     "vdup.32 q4, %[s1]\n\t"                                                                           \
                     "ldrsb %[w8], [%[w], #-32]\n\t"                                                                   \
                     "ldrd %[t], %[out], [%[st]]\n\t"                                                                  \
                     "ldr %[s0], [%[st], #8]\n\t"                                                                      \
                     "wls lr, %[s0], 2f\n"                                                                             \
                     "1:\n\t" SUMS_BLOCK(S) REQUANT_STORE(                                                             \
                         LOWER, "vstrh.32") "add %[out], %[bb]\n\t"                                                    \
                                            "le lr, 1b\n"                                                              \
                                            "2:\n\t"                                                                   \
                                            "ldr %[s0], [%[st], #12]\n\t"                                              \
                                            "cbz %[s0], 4f\n\t"                                                        \
                                            "vctp.32 %[s0]\n\t" SUMS_BLOCK(S) REQUANT_STORE(                           \
                                                LOWER, "vpst\n\tvstrht.32") "4:\n\t"                                   \
                                                                            "ldrd %[t], %[out], [%[st]]\n\t"           \
                                                                            "ldr %[s0], [%[st], #16]\n\t"              \
                                                                            "add %[t], %[s0]\n\t"                      \
                                                                            "adds %[out], #2\n\t"                      \
                                                                            "strd %[t], %[out], [%[st]]\n\t"           \
                                                                            "subs %[n], #1\n\t"                        \
                                                                            "bne 3b"                                   \
                     : [t] "=&r"(t), [out] "=&r"(out), [c] "+&r"(c), [w] "+&l"(w), [n] "+&r"(channels),                \
                       [bias] "+&r"(bias), [w8] "=&r"(w8), SUMS_OPERANDS                                               \
                     : [st] "r"(st), [bb] "r"(block_bytes)                                                             \
                     : "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "lr", "cc", "memory")

static void fused_channels(fused_state *st, const channel_consts *consts, int32_t rotation, int32_t channels,
                           int32_t stride, int32_t act_min, int32_t block_bytes)
{
    SUMS_REGISTERS;
    const int32_t *c = &consts->bias;      /* each channel's bias and multiplier, 40 bytes apart */
    const int8_t *w = consts->w[rotation]; /* its rotation's weights, 40 bytes apart */
    const int16_t *t;
    int16_t *out;
    int32_t bias = act_min, w8; /* bias: the lower bound until the loop */
    if (act_min == INT16_MIN) { /* VQMOVNB saturates to the bounds: no VMAX */
        if (stride == 1) {
            FUSED_CHANNELS("6", "");
        } else {
            FUSED_CHANNELS("12", "");
        }
    } else if (stride == 1) {
        FUSED_CHANNELS("6", "vmax.s32 q1, q1, q7\n\t");
    } else {
        FUSED_CHANNELS("12", "vmax.s32 q1, q1, q7\n\t");
    }
}
#undef FUSED_CHANNELS
#undef REQUANT_STORE

/* The sums (without the bias) of `blocks` blocks of four outputs to sums; lanes[0..3]: the ninth values'
 * offsets. */
#define SUMS_LOOP(S)                                                                                                   \
    __asm__ volatile("vldrb.s16 q3, [%[w]]\n\t"                                                                        \
                     "vldrw.u32 q5, [%[g]]\n\t"                                                                        \
                     "wls lr, %[n], 2f\n"                                                                              \
                     "1:\n\t" SUMS_BLOCK(S) "vstrw.32 q1, [%[q]], #16\n\t"                                             \
                                            "le lr, 1b\n"                                                              \
                                            "2:"                                                                       \
                     : [t] "+&r"(t), [q] "+&r"(sums), SUMS_OPERANDS                                                    \
                     : [w] "l"(w), [w8] "r"((int32_t)w[8]), [g] "r"(lanes), [n] "r"(blocks)                            \
                     : "q0", "q1", "q2", "q3", "q5", "lr", "memory")

static void sum_blocks(const int16_t *t, const uint32_t *lanes, int32_t stride, const int8_t *w, int32_t blocks,
                       int32_t *sums)
{
    SUMS_REGISTERS;
    if (stride == 1) {
        SUMS_LOOP("6");
    } else {
        SUMS_LOOP("12");
    }
}
#undef SUMS_LOOP
#undef SUMS_OPERANDS
#undef SUMS_REGISTERS
#undef SUMS_BLOCK

/* Output channel o's row from its input channel's interleaved row t through a row of sums (w its rotation's
 * weights, lanes the ninth values' offsets). */
static void channel_row(const mg_depthwise_conv_2d_params *p, const mg_dw_ring_s16 *ring, int32_t o, const int8_t *w,
                        const int16_t *t, const uint32_t *lanes, int16_t *out)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t width = g->output_width, depth = g->output_depth;
    const mg_dsp_s16_channel *ch = &ring->channels[o];
    sum_blocks(t, lanes, g->stride_width, w, (width + 3) / 4, ring->sums);
    mg_requant_s16_step step = {1, 0, 0, 0, p->act_min, p->act_max};
    for (int32_t x = 0; x < width; ++x) {
        out[x * depth] = mg_dsp_s16_output(ch, &step, ring->sums[x]);
    }
}

void mg_depthwise_conv_2d_3x3_s16_mve(const mg_depthwise_conv_2d_params *p, mg_dw_ring_s16 *ring, const int16_t *input,
                                      const int8_t *filter, int16_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->output_depth, multiplier = p->depth_multiplier, values = interleaved_values(g);
    channel_constants(ring, filter);
    const uint32_t window = 3u * (uint32_t)g->stride_width, d = (uint32_t)depth;
    fused_state st = {0,
                      0,
                      g->output_width / 4,
                      g->output_width % 4,
                      values * (int32_t)sizeof(int16_t),
                      {8, 8 + window, 8 + 2 * window, 8 + 3 * window, 0, d, 2 * d, 3 * d}};
    /* the fused loop takes the channels with a fast multiplier, one output channel per input channel, when the
     * upper bound is INT16_MAX; the others go through a row of sums */
    const int32_t fused = p->act_max == INT16_MAX && multiplier == 1;
    int32_t rest = depth; /* channels the fused loop leaves */
    for (int32_t o = 0; o < depth && fused; ++o) {
        rest -= ring->channels[o].fast_multiplier != 0;
    }
    const int32_t image_values = g->input_height * g->input_width * g->input_depth;
    const channel_consts *consts = (const channel_consts *)ring->fused;
    for (int32_t b = 0; b < g->batches; ++b) {
        for (int32_t oy = 0; oy < g->output_height; ++oy) {
            advance(ring, input + b * image_values, oy, values);
            const int32_t y0 = oy * g->stride_height - g->pad_height;
            const int32_t rotation = ((y0 % 3) + 3) % 3;
            int16_t *out = output + (b * g->output_height + oy) * g->output_width * depth;
            if (fused) {
                st.t = ring->rows, st.out = out;
                fused_channels(&st, consts, rotation, depth, g->stride_width, p->act_min,
                               4 * depth * (int32_t)sizeof(int16_t));
            }
            const int16_t *t = ring->rows;
            for (int32_t o = 0, k = 0; o < depth && rest; ++o) {
                if (!fused || !ring->channels[o].fast_multiplier) {
                    channel_row(p, ring, o, consts[o].w[rotation], t, st.lanes, out + o);
                }
                if (++k == multiplier) { /* the next input channel */
                    k = 0;
                    t += values;
                }
            }
        }
    }
}

#endif
