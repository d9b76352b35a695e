/* The portable DEPTHWISE_CONV_2D's planes kernel (depthwise_conv_2d.h) for 3x3 filters, depth multiplier 1 and no
 * dilation, on ARMv7-M and the host (ARMv6-M runs the rows kernel, depthwise_conv_2d_s8_portable.c): four channels'
 * bands of input rows staged, then each channel's band of outputs in one pass, the window sums requantized as they
 * are made (in assembly on ARMv7-M). */
/* The firmware builds with -Os, whose code for these loops spills and reloads; the portable backend's hot loops ask
 * GCC for -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include <stddef.h>
#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_portable_dot.h"
#include "mg_portable_dw.h"

/* The planes kernel's shape (depthwise_conv_2d.h) for a node, or pitch 0 where it does not apply: rows of
 * MG_PORTABLE_DW_ROW_MIN_WIDTH outputs or more (narrower ones gain less than their thresholds cost in flash: two
 * words a channel), the wide pitch where its planes take at most half of MG_PORTABLE_DW_PLANES_SCRATCH, else the
 * narrow one where they fit it; as many rows a band as the pitch holds and the outputs have. */
typedef struct {
    int32_t pitch, rows;
} mg_dw_band;

static mg_dw_band band_shape(int32_t filter_height, int32_t filter_width, int32_t multiplier, int32_t dilation_height,
                             int32_t dilation_width, int32_t stride_height, int32_t stride_width, int32_t output_height,
                             int32_t output_width)
{
    const mg_dw_band none = {0, 0};
    if (filter_height != 3 || filter_width != 3 || multiplier != 1 || dilation_height != 1 || dilation_width != 1 ||
        output_width < MG_PORTABLE_DW_ROW_MIN_WIDTH) {
        return none;
    }
    const int32_t column = MG_PORTABLE_GROUP * ((output_width - 1) * stride_width + 3); /* bytes a word of pitch */
    const int32_t pitch =
        2 * column * MG_PORTABLE_DW_PITCH_WIDE <= MG_PORTABLE_DW_PLANES_SCRATCH ? MG_PORTABLE_DW_PITCH_WIDE
        : column * MG_PORTABLE_DW_PITCH_NARROW <= MG_PORTABLE_DW_PLANES_SCRATCH ? MG_PORTABLE_DW_PITCH_NARROW
                                                                                : 0;
    const int32_t fit = (pitch - 3) / stride_height + 1; /* output rows whose input rows the pitch holds */
    return pitch ? (mg_dw_band){pitch, output_height < fit ? output_height : fit} : none;
}

size_t mg_depthwise_conv_2d_3x3_planes_s8_portable_scratch_size(int32_t filter_height, int32_t filter_width,
                                                                int32_t multiplier, int32_t dilation_height,
                                                                int32_t dilation_width, int32_t stride_height,
                                                                int32_t stride_width, int32_t output_height,
                                                                int32_t output_width)
{
    const mg_dw_band band = band_shape(filter_height, filter_width, multiplier, dilation_height, dilation_width,
                                       stride_height, stride_width, output_height, output_width);
    return band.pitch ? (size_t)(MG_PORTABLE_GROUP * ((output_width - 1) * stride_width + 3) * band.pitch) : 0;
}

#if !defined(__ARM_ARCH_6M__)

/* ARMv7-M stages the values as they are (mg_portable_dw.h) */
#if defined(__ARM_ARCH_7M__)
typedef int8_t mg_staged;
#else
typedef uint8_t mg_staged;
#endif

/* One channel's band: its weights, its outputs, the band's shape and the requantization's constants, the thresholds
 * less the folded bias so that they meet the raw sums (the offsets are the ARMv7-M assembly's, checked there). */
typedef struct {
    const int8_t *weights; /* the nine taps, 4 bytes apart (the generated layout) */
    int8_t *out;           /* the band's first output, the next ones out_step bytes apart, row after row */
    int32_t rows;          /* the band's rows */
    int32_t count;         /* a row's outputs */
    int32_t row_step;      /* bytes from a row's first window to the next row's */
    int32_t step;          /* bytes from a window to the next along a row */
    int32_t out_step;
    int32_t first, last; /* a sum below first is act_min, above last act_max, in between requantized unclamped */
    int32_t act_min, act_max;
    int32_t folded; /* the folded bias (less the staging's bias) */
    int32_t left, multiplier;
    int64_t rounding;   /* mg_portable_rounding(right) on ARMv7-M */
    int32_t right;      /* the right shift */
    int32_t high_shift; /* right - 1: the shift of the product's high word on ARMv7-M */
    int32_t offset;     /* the output zero point */
} mg_dw_band_job;

/* The planes kernel's band (depthwise_conv_2d.h) in C (the host; on ARMv7-M a channel without a right shift): each
 * window's sum as `row` makes it (the columns pitch words apart, the four channels' values side by side), then its
 * output as the rows kernel's requantization makes it. */
__attribute__((noinline)) static void band_outputs(const uint8_t *plane, const mg_dw_band_job *job, const int32_t pitch)
{
    const int8_t *w = job->weights;
    const int32_t w0 = w[0], w1 = w[4], w2 = w[8], w3 = w[12], w4 = w[16], w5 = w[20], w6 = w[24], w7 = w[28],
                  w8 = w[32];
    const int32_t P = MG_PORTABLE_GROUP * pitch, R = MG_PORTABLE_GROUP;
    int8_t *out = job->out;
    for (int32_t rows = job->rows; rows > 0; --rows, plane += job->row_step) {
        for (const uint8_t *at = plane, *end = plane + job->count * job->step; at < end; at += job->step) {
            const mg_staged *s = (const mg_staged *)at;
            const int32_t sum =
                (int32_t)(uint32_t)(s[0] * w0 + s[P] * w1 + s[2 * P] * w2 + s[R] * w3 + s[P + R] * w4 +
                                    s[2 * P + R] * w5 + s[2 * R] * w6 + s[P + 2 * R] * w7 + s[2 * P + 2 * R] * w8);
            *out = (int8_t)(sum < job->first  ? job->act_min
                            : sum > job->last ? job->act_max
                                              : MG_PORTABLE_REQUANTIZE_INSIDE(sum + job->folded, job->multiplier,
                                                                              job->left, job->right) +
                                                    job->offset);
            out += job->out_step;
        }
    }
}

#if defined(__ARM_ARCH_7M__)
_Static_assert(offsetof(mg_dw_band_job, first) == 28 && offsetof(mg_dw_band_job, folded) == 44 &&
                   offsetof(mg_dw_band_job, rounding) == 56 && offsetof(mg_dw_band_job, offset) == 72 &&
                   sizeof(mg_dw_band_job) == 80,
               "the offsets of band_v7m's frame");

/* ARMv7-M: the job copied to the stack (80 bytes, then the row's first window and the outputs left in the row), the
 * nine weights in r4-r12, r0 the window, r2 the output, r3 the sum, lr the tap. MG_DW_TAPS1: one window's sum;
 * MG_DW_TAPS2 (stride 1): two neighbouring windows' in r3 and r1 from the four columns they span, 12 loads for both
 * instead of 18; MG_DW_OUT: r3 requantized as mg_portable_requant_v7m does, its constants from the stack and two
 * weights' registers pushed for the product, stored, the output pointer moved on. With stride 1 about 26 instructions
 * an output at act_min and 43 requantized (one window at a time: 29 and 47; the C pair of loops that kept the sums:
 * 36 and 51). */
__asm__(".macro MG_DW_TAPS1 P\n\t"
        "ldrsb lr, [r0, #0]\n\t mul r3, r4, lr\n\t"
        "ldrsb lr, [r0, #4*\\P]\n\t mla r3, r5, lr, r3\n\t"
        "ldrsb lr, [r0, #8*\\P]\n\t mla r3, r6, lr, r3\n\t"
        "ldrsb lr, [r0, #4]\n\t mla r3, r7, lr, r3\n\t"
        "ldrsb lr, [r0, #4*\\P+4]\n\t mla r3, r8, lr, r3\n\t"
        "ldrsb lr, [r0, #8*\\P+4]\n\t mla r3, r9, lr, r3\n\t"
        "ldrsb lr, [r0, #8]\n\t mla r3, r10, lr, r3\n\t"
        "ldrsb lr, [r0, #4*\\P+8]\n\t mla r3, r11, lr, r3\n\t"
        "ldrsb lr, [r0, #8*\\P+8]\n\t mla r3, r12, lr, r3\n\t"
        ".endm\n\t"
        ".macro MG_DW_TAPS2 P\n\t" /* columns 0-2 for r3 (weights by column: r4 r7 r10, r5 r8 r11, r6 r9 r12), 1-3 r1 */
        "ldrsb lr, [r0, #0]\n\t mul r3, r4, lr\n\t"
        "ldrsb lr, [r0, #4]\n\t mla r3, r7, lr, r3\n\t"
        "ldrsb lr, [r0, #8]\n\t mla r3, r10, lr, r3\n\t"
        "ldrsb lr, [r0, #4*\\P]\n\t mla r3, r5, lr, r3\n\t mul r1, r4, lr\n\t"
        "ldrsb lr, [r0, #4*\\P+4]\n\t mla r3, r8, lr, r3\n\t mla r1, r7, lr, r1\n\t"
        "ldrsb lr, [r0, #4*\\P+8]\n\t mla r3, r11, lr, r3\n\t mla r1, r10, lr, r1\n\t"
        "ldrsb lr, [r0, #8*\\P]\n\t mla r3, r6, lr, r3\n\t mla r1, r5, lr, r1\n\t"
        "ldrsb lr, [r0, #8*\\P+4]\n\t mla r3, r9, lr, r3\n\t mla r1, r8, lr, r1\n\t"
        "ldrsb lr, [r0, #8*\\P+8]\n\t mla r3, r12, lr, r3\n\t mla r1, r11, lr, r1\n\t"
        "ldrsb lr, [r0, #12*\\P]\n\t mla r1, r6, lr, r1\n\t"
        "ldrsb lr, [r0, #12*\\P+4]\n\t mla r1, r9, lr, r1\n\t"
        "ldrsb lr, [r0, #12*\\P+8]\n\t mla r1, r12, lr, r1\n\t"
        ".endm\n\t"
        ".macro MG_DW_OUT\n\t"
        "ldr lr, [sp, #28]\n\t cmp r3, lr\n\t blt mg_dw_low\\@\n\t"  /* first */
        "ldr lr, [sp, #32]\n\t cmp r3, lr\n\t bgt mg_dw_high\\@\n\t" /* last */
        "push {r4, r5}\n\t"
        "ldr lr, [sp, #52]\n\t add r3, r3, lr\n\t"       /* the folded bias (44, above the two pushed) */
        "ldr lr, [sp, #56]\n\t lsl r3, r3, lr\n\t"       /* left: x */
        "ldrd r4, r5, [sp, #64]\n\t"                     /* the rounding */
        "ldr lr, [sp, #60]\n\t smlal r4, r5, r3, lr\n\t" /* + x * m */
        "and lr, r3, #0x80000000\n\t subs r4, r4, lr\n\t sbc r5, r5, #0\n\t" /* - 2^31 for a negative x */
        "ldr lr, [sp, #76]\n\t asr r3, r5, lr\n\t"                           /* the high word >> (right - 1) */
        "ldr lr, [sp, #80]\n\t add r3, r3, lr\n\t"                           /* + the offset */
        "pop {r4, r5}\n\t"
        "b mg_dw_store\\@\n"
        "mg_dw_low\\@:\n\t ldr r3, [sp, #36]\n\t b mg_dw_store\\@\n"
        "mg_dw_high\\@:\n\t ldr r3, [sp, #40]\n"
        "mg_dw_store\\@:\n\t strb r3, [r2]\n\t"
        "ldr lr, [sp, #24]\n\t add r2, r2, lr\n\t"
        ".endm");

#define MG_PORTABLE_DW_BAND_V7M(P)                                                                                     \
    ".syntax unified\n"                                                                                                \
    "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"                                                                    \
    "sub sp, sp, #92\n"                                                                                                \
    "ldm r1!, {r2, r3, r4, r5, r6, r7, r8, r9, r10, r11}\n"                                                            \
    "stm sp, {r2, r3, r4, r5, r6, r7, r8, r9, r10, r11}\n"                                                             \
    "ldm r1, {r2, r3, r4, r5, r6, r7, r8, r9, r10, r11}\n"                                                             \
    "add r12, sp, #40\n"                                                                                               \
    "stm r12, {r2, r3, r4, r5, r6, r7, r8, r9, r10, r11}\n"                                                            \
    "ldr r1, [sp, #0]\n"                                                                                               \
    "ldrsb r4, [r1, #0]\n ldrsb r5, [r1, #4]\n ldrsb r6, [r1, #8]\n ldrsb r7, [r1, #12]\n ldrsb r8, [r1, #16]\n"       \
    "ldrsb r9, [r1, #20]\n ldrsb r10, [r1, #24]\n ldrsb r11, [r1, #28]\n ldrsb r12, [r1, #32]\n"                       \
    "ldr r2, [sp, #4]\n"                                                                                               \
    "2:\n"                                                                                                             \
    "str r0, [sp, #80]\n"                                                                                              \
    "ldr lr, [sp, #12]\n str lr, [sp, #84]\n"                                                                          \
    "ldr lr, [sp, #20]\n cmp lr, #4*" #P "\n bne 5f\n" /* stride 1: windows in pairs */                                \
    "1:\n"                                                                                                             \
    "ldr lr, [sp, #84]\n subs lr, lr, #2\n blt 4f\n str lr, [sp, #84]\n"                                               \
    "MG_DW_TAPS2 " #P "\n"                                                                                             \
    "MG_DW_OUT\n"                                                                                                      \
    "mov r3, r1\n"                                                                                                     \
    "MG_DW_OUT\n"                                                                                                      \
    "add r0, r0, #8*" #P "\n"                                                                                          \
    "b 1b\n"                                                                                                           \
    "4:\n"                                                                                                             \
    "adds lr, lr, #2\n beq 7f\n"                                                                                       \
    "MG_DW_TAPS1 " #P "\n"                                                                                             \
    "MG_DW_OUT\n"                                                                                                      \
    "b 7f\n"                                                                                                           \
    "5:\n" /* other strides: window by window, r1 the row's end */                                                     \
    "ldr r1, [sp, #12]\n mla r1, r1, lr, r0\n"                                                                         \
    "6:\n"                                                                                                             \
    "MG_DW_TAPS1 " #P "\n"                                                                                             \
    "MG_DW_OUT\n"                                                                                                      \
    "ldr lr, [sp, #20]\n add r0, r0, lr\n"                                                                             \
    "cmp r0, r1\n bne 6b\n"                                                                                            \
    "7:\n"                                                                                                             \
    "ldr r0, [sp, #80]\n ldr lr, [sp, #16]\n add r0, r0, lr\n"                                                         \
    "ldr lr, [sp, #8]\n subs lr, lr, #1\n str lr, [sp, #8]\n bne 2b\n"                                                 \
    "add sp, sp, #92\n"                                                                                                \
    "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n"

__attribute__((naked)) static void band_v7m_wide(const uint8_t *plane, const mg_dw_band_job *job)
{
    (void)plane;
    (void)job;
    __asm__ volatile(MG_PORTABLE_DW_BAND_V7M(32));
}

__attribute__((naked)) static void band_v7m_narrow(const uint8_t *plane, const mg_dw_band_job *job)
{
    (void)plane;
    (void)job;
    __asm__ volatile(MG_PORTABLE_DW_BAND_V7M(8));
}
#undef MG_PORTABLE_DW_BAND_V7M
_Static_assert(MG_PORTABLE_DW_PITCH_WIDE == 32 && MG_PORTABLE_DW_PITCH_NARROW == 8, "band_v7m's pitches");
#endif

static void band(const uint8_t *plane, int32_t pitch, const mg_dw_band_job *job)
{
#if defined(__ARM_ARCH_7M__)
    if (job->right > 0) { /* the assembly's requantization takes a right shift */
        if (pitch == MG_PORTABLE_DW_PITCH_WIDE) {
            band_v7m_wide(plane, job);
        } else {
            band_v7m_narrow(plane, job);
        }
        return;
    }
#endif
    band_outputs(plane, job, pitch);
}

/* Input rows [y0, y0 + n) of four channels (`image` at the first one's first value; `valid` of them inside the
 * depth) staged column by column for the planes kernel, the four side by side in a word: column j (image column
 * j - pad_width) at word j * pitch, row i at word i after it, as rows3x3 stages values (the zero points `pad`
 * outside the image). A word load serves four channels where they are word-aligned; the padding's loops stay loops
 * (as memset calls they cost more than their words). */
__attribute__((noinline, optimize("O2", "no-tree-loop-distribute-patterns"))) static void
stage_planes(const uint8_t *image, const mg_conv_geometry *g, int32_t valid, int32_t y0, int32_t n, int32_t cols,
             int32_t pitch, uint32_t pad, mg_portable_word *plane)
{
    const int32_t line = g->input_width * g->input_depth;
    const int32_t above = y0 < 0 ? (-y0 < n ? -y0 : n) : 0;                     /* rows above the image */
    const int32_t inside = g->input_height - y0 < n ? g->input_height - y0 : n; /* and the image's up to here */
    const uint32_t bias = (MG_PORTABLE_DW_STAGE_BIAS & 0xFFu) * 0x01010101u;
    const int words = valid == MG_PORTABLE_GROUP && ((uintptr_t)image & 3u) == 0 && (g->input_depth & 3) == 0;
    for (int32_t j = 0, ix = -g->pad_width; j < cols; ++j, ++ix, plane += pitch) {
        int32_t i = 0;
        if (ix >= 0 && ix < g->input_width) {
            for (; i < above; ++i) {
                plane[i] = pad;
            }
            const uint8_t *at = image + (y0 + i) * line + ix * g->input_depth;
            if (words) {
                for (; i < inside; ++i, at += line) {
                    plane[i] = *(const mg_portable_word *)(const void *)at ^ bias;
                }
            }
            for (; i < inside; ++i, at += line) { /* the depth's last channels, or unaligned */
                uint32_t v = pad;
                for (int32_t k = 0; k < valid; ++k) {
                    v = (v & ~(0xFFu << (8 * k))) | (uint32_t)(at[k] ^ (uint8_t)bias) << (8 * k);
                }
                plane[i] = v;
            }
        }
        for (; i < n; ++i) {
            plane[i] = pad;
        }
    }
}

/* Channel c's requantization for the planes kernel's band: the constants requant_row takes, the thresholds less the
 * folded bias (the generator's thresholds exist only where no sum leaves int32, so the difference is exact). */
static void band_job(const mg_depthwise_conv_2d_portable_params *p, int32_t c, mg_dw_band_job *job)
{
    const int32_t *rq = p->requant + c * p->requant_step;
    const int32_t folded = (int32_t)((uint32_t)p->folded[c] - mg_portable_dw_staging_bias(p, c));
    job->weights = mg_portable_dw_weights(p, c);
    job->first = (int32_t)((uint32_t)p->thresholds[2 * c] - (uint32_t)folded);
    job->last = (int32_t)((uint32_t)p->thresholds[2 * c + 1] - (uint32_t)folded);
    job->folded = folded;
    job->multiplier = rq[0];
    job->left = mg_portable_left(rq);
    job->right = mg_portable_right(rq);
    job->high_shift = job->right - 1;
#if defined(__ARM_ARCH_7M__)
    job->rounding = mg_portable_rounding(job->right);
#else
    job->rounding = 0;
#endif
}

/* The planes kernel (depthwise_conv_2d.h): batch by batch, four channels' planes at a time, band by band (batches
 * and bands last first with reverse_rows), each of the four channels' outputs in turn; each channel writes only over
 * its own input channel, whose band it staged first, so the reference int8 kernel's channel-plane overlaps hold. */
void mg_depthwise_conv_2d_3x3_planes_s8_portable(const mg_depthwise_conv_2d_portable_params *p, const int8_t *input,
                                                 int8_t *output, uint8_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const mg_dw_band shape =
        band_shape(g->filter_height, g->filter_width, g->output_depth / g->input_depth, g->dilation_height,
                   g->dilation_width, g->stride_height, g->stride_width, g->output_height, g->output_width);
    const int32_t depth = g->input_depth, oh = g->output_height, ow = g->output_width;
    const int32_t cols = (ow - 1) * g->stride_width + 3;
    mg_portable_word *plane = (mg_portable_word *)(void *)scratch;
    const uint32_t pad = ((uint8_t)((const int8_t *)p->padding)[0] ^ (MG_PORTABLE_DW_STAGE_BIAS & 0xFFu)) * 0x01010101u;
    const int32_t bands = (oh + shape.rows - 1) / shape.rows;
    mg_dw_band_job job;
    job.step = MG_PORTABLE_GROUP * shape.pitch * g->stride_width;
    job.row_step = MG_PORTABLE_GROUP * g->stride_height;
    job.count = ow;
    job.out_step = depth;
    job.act_min = p->act_min;
    job.act_max = p->act_max;
    job.offset = p->output_offset;
    for (int32_t n = 0; n < g->batches; ++n) {
        const int32_t b = p->reverse_rows ? g->batches - 1 - n : n;
        const uint8_t *image = (const uint8_t *)input + b * g->input_height * g->input_width * depth;
        int8_t *out = output + b * oh * ow * depth;
        for (int32_t c0 = 0; c0 < depth; c0 += MG_PORTABLE_GROUP) {
            const int32_t valid = depth - c0 < MG_PORTABLE_GROUP ? depth - c0 : MG_PORTABLE_GROUP;
            for (int32_t k = 0; k < bands; ++k) {
                const int32_t first = (p->reverse_rows ? bands - 1 - k : k) * shape.rows;
                job.rows = oh - first < shape.rows ? oh - first : shape.rows;
                stage_planes(image + c0, g, valid, first * g->stride_height - g->pad_height,
                             (job.rows - 1) * g->stride_height + 3, cols, shape.pitch, pad, plane);
                for (int32_t c = c0; c < c0 + valid; ++c) {
                    band_job(p, c, &job);
                    job.out = out + first * ow * depth + c;
                    band((const uint8_t *)plane + (c - c0), shape.pitch, &job);
                }
            }
        }
    }
}

#endif
