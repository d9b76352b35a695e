/* The mve backend's int8 matrix core, shared by CONV_2D (im2col rows or input pixels) and FULLY_CONNECTED (batch
 * rows): for each row x, out[o] = requant(sum_d x[d] * w[o][d] + bias[o]) for every output channel o, four
 * channels per pass: one load of x, four of the weights and four VMLADAVA per 16 taps (matmul_rows_s8_mve.c), or two
 * rows at a time, interleaved (matmul_pairs_s8_mve.c), so that each weight load feeds two VMLADAVA. The sums are int32
 * and wrap, as TFLite's; their order differs, which changes nothing (integer addition is associative modulo 2^32).
 * Rows need no padding: the last block of each row is read under a predicate. */
#ifndef MG_MVE_MATMUL_H
#define MG_MVE_MATMUL_H

#include "mg_mve.h"

#if defined(__ARM_FEATURE_MVE)

/* mg_matmul_rows_s8_mve's arguments (fill them with mve_rows_init). */
typedef struct {
    const int8_t *x;      /* the first row */
    const int8_t *w;      /* channels rows of depth weights */
    int8_t *out;          /* channels outputs per row, row after row */
    const int32_t *table; /* the requantization table (mg_mve.h), without left shifts */
    int32_t depth;
    int32_t groups; /* the groups of four channels before the last group: (channels - 1) / 4 */
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
    int32_t rows;         /* at least 1 */
    int32_t row_stride;   /* bytes from one row of x to the next */
    int32_t last_count;   /* channels in the last group: 1-4 */
    int32_t last_rows[3]; /* offsets of the last group's weight rows 1-3 from its row 0 (0 for missing ones) */
    /* mg_matmul_rows_uniform_s8_mve only: the one multiplier and minus the right shift of every channel, whose
     * table then holds only the biases, four words a group */
    int32_t uniform_multiplier;
    int32_t uniform_neg_shift;
} mve_rows_args;

/* The assembly loops' output constants from their arguments at r0 (both argument blocks hold them at offsets 24, 28
 * and 32): Q7 the output zero point, Q5 the activation minimum, Q6 its maximum; r1 is scratch. */
#define MG_MVE_ASM_OUTPUT_CONSTANTS                                                                                    \
    "ldr      r1, [r0, #24]\n\t"                                                                                       \
    "vdup.32  q7, r1\n\t"                                                                                              \
    "ldr      r1, [r0, #28]\n\t"                                                                                       \
    "vdup.32  q5, r1\n\t"                                                                                              \
    "ldr      r1, [r0, #32]\n\t"                                                                                       \
    "vdup.32  q6, r1\n\t"

void mg_matmul_rows_s8_mve(const mve_rows_args *args);
void mg_matmul_rows_uniform_s8_mve(const mve_rows_args *args);
/* The same over int4 weights in row pairs (fully_connected_s4_mve.c), an even number of channels: last_rows[0] is
 * the offset of the last group's second pair (0 when it has one). */
void mg_matmul_rows_uniform_s4_mve(const mve_rows_args *args);

/* The arguments for a node's channels; x, out, rows and row_stride are set per call. */
static inline void mve_rows_init(mve_rows_args *a, const int8_t *w, const int32_t *table, int32_t depth,
                                 int32_t channels, int32_t output_offset, int32_t act_min, int32_t act_max)
{
    a->w = w;
    a->table = table;
    a->depth = depth;
    a->groups = (channels - 1) >> 2;
    a->output_offset = output_offset;
    a->act_min = act_min;
    a->act_max = act_max;
    a->last_count = channels - 4 * a->groups;
    for (int32_t i = 1; i < 4; ++i) {
        a->last_rows[i - 1] = i < a->last_count ? i * depth : 0;
    }
}

/* mg_matmul_pairs_s8_mve's arguments (matmul_pairs_s8_mve.c): `pairs` pairs of rows, each pair interleaved in blocks of 16
 * bytes (mve_interleave2_s8), 32 * blocks bytes a pair, their outputs row after row. */
typedef struct {
    const int8_t *x;
    const int8_t *w;
    int8_t *out;
    const int32_t *table; /* without left shifts */
    int32_t depth;
    int32_t groups;
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
    int32_t pairs;    /* at least 1 */
    int32_t channels; /* output channels: bytes from a row's outputs to the next row's */
    int32_t last_count;
    int32_t last_rows[3];
    const int32_t *row_terms; /* mg_matmul_pairs_terms_s8_mve only: a term per row, added to its four sums */
} mve_pairs_args;

void mg_matmul_pairs_s8_mve(const mve_pairs_args *args);
/* The same with each row's own term (BATCH_MATMUL's rhs zero point times the row's sum) added to its sums. */
void mg_matmul_pairs_terms_s8_mve(const mve_pairs_args *args);

/* Bytes of interleaved pair of rows of `depth` taps. */
static inline int32_t mve_pair_bytes(int32_t depth)
{
    return 32 * ((depth + 15) >> 4);
}

/* Two rows of n (>= 1) bytes into dst in alternate blocks of 16 (the last blocks partly filled): a
 * tail-predicated loop. */
static inline void mve_interleave2_s8(int8_t *dst, const int8_t *a, const int8_t *b, int32_t n)
{
    __asm__ volatile("dlstp.8  lr, %3\n"
                     "1:\n\t"
                     "vldrb.8  q0, [%1], #16\n\t"
                     "vldrb.8  q1, [%2], #16\n\t"
                     "vstrb.8  q0, [%0], #16\n\t"
                     "vstrb.8  q1, [%0], #16\n\t"
                     "letp     lr, 1b"
                     : "+r"(dst), "+r"(a), "+r"(b)
                     : "r"(n)
                     : "q0", "q1", "lr", "memory");
}

/* The pair arguments for the node of a. */
static inline void mve_pairs_init(mve_pairs_args *pa, const mve_rows_args *a, int32_t channels)
{
    pa->w = a->w;
    pa->table = a->table;
    pa->depth = a->depth;
    pa->groups = a->groups;
    pa->output_offset = a->output_offset;
    pa->act_min = a->act_min;
    pa->act_max = a->act_max;
    pa->channels = channels;
    pa->last_count = a->last_count;
    pa->last_rows[0] = a->last_rows[0];
    pa->last_rows[1] = a->last_rows[1];
    pa->last_rows[2] = a->last_rows[2];
}

/* `pairs` pairs of consecutive rows (row_stride apart from x) interleaved into pair_area, and pa set to run them
 * through a two-row loop, their outputs row after row from out. */
static inline void mve_interleave_pairs(mve_pairs_args *pa, const int8_t *x, int32_t row_stride, int32_t pairs,
                                        int8_t *pair_area, int8_t *out)
{
    const int32_t bytes = mve_pair_bytes(pa->depth);
    for (int32_t i = 0; i < pairs; ++i, x += 2 * row_stride) {
        mve_interleave2_s8(pair_area + i * bytes, x, x + row_stride, pa->depth);
    }
    pa->x = pair_area;
    pa->out = out;
    pa->pairs = pairs;
}

/* The same, then through the two-row loop. */
static inline void mve_pairs_of_rows(mve_pairs_args *pa, const int8_t *x, int32_t row_stride, int32_t pairs,
                                     int8_t *pair_area, int8_t *out)
{
    mve_interleave_pairs(pa, x, row_stride, pairs, pair_area, out);
    mg_matmul_pairs_s8_mve(pa);
}

/* The same in C with intrinsics, for nodes with left shifts (rare: a real multiplier of 1 or more), whose table
 * has four words more per group. */
static inline void mve_rows_left_shift(const mve_rows_args *a)
{
    const int32_t depth = a->depth, blocks = (depth + 15) >> 4, channels = 4 * a->groups + a->last_count;
    const mve_pred16_t last = vctp8q((uint32_t)(depth - ((blocks - 1) << 4)));
    const int32x4_t act_min = vdupq_n_s32(a->act_min), act_max = vdupq_n_s32(a->act_max);
    const int8_t *x = a->x;
    int8_t *out = a->out;
    for (int32_t r = 0; r < a->rows; ++r, x += a->row_stride) {
        const int32_t *t = a->table;
        for (int32_t o = 0; o < channels; o += 4, t += MVE_TABLE_STRIDE(1)) {
            const int32_t count = channels - o < 4 ? channels - o : 4;
            const int8_t *w0 = a->w + o * depth;
            const int8_t *w1 = w0 + (count > 1 ? depth : 0);
            const int8_t *w2 = w0 + (count > 2 ? 2 * depth : 0);
            const int8_t *w3 = w0 + (count > 3 ? 3 * depth : 0);
            const int8_t *xp = x;
            int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            for (int32_t i = blocks - 1; i > 0; --i) {
                const int8x16_t vx = vldrbq_s8(xp);
                xp += 16;
                s0 = vmladavaq_s8(s0, vx, vldrbq_s8(w0));
                s1 = vmladavaq_s8(s1, vx, vldrbq_s8(w1));
                s2 = vmladavaq_s8(s2, vx, vldrbq_s8(w2));
                s3 = vmladavaq_s8(s3, vx, vldrbq_s8(w3));
                w0 += 16;
                w1 += 16;
                w2 += 16;
                w3 += 16;
            }
            const int8x16_t vx = vldrbq_z_s8(xp, last);
            s0 = vmladavaq_s8(s0, vx, vldrbq_z_s8(w0, last));
            s1 = vmladavaq_s8(s1, vx, vldrbq_z_s8(w1, last));
            s2 = vmladavaq_s8(s2, vx, vldrbq_z_s8(w2, last));
            s3 = vmladavaq_s8(s3, vx, vldrbq_z_s8(w3, last));
            const int32x4_t v = mve_requant_group(mve_vec4(s0, s1, s2, s3), t, 1, a->output_offset, act_min, act_max);
            vstrbq_p_s32(out, v, vctp32q((uint32_t)count));
            out += count;
        }
    }
}

/* Every row of a, by the assembly loop or, with left shifts, the C one. */
static inline void mve_rows(const mve_rows_args *a, int left_shift)
{
    if (left_shift) {
        mve_rows_left_shift(a);
    } else {
        mg_matmul_rows_s8_mve(a);
    }
}

#endif /* __ARM_FEATURE_MVE */

#endif
