/* CONV_2D int8 in the portable backend (conv_2d.h): pixel by pixel (four at a time, ARMv6-M two, when their windows
 * fit MG_PORTABLE_PAIR_TAPS), in the order of the output, the window is staged into scratch as bytes x + 128 (the
 * padding as the input zero point, which adds nothing), then meets every group of four channels' weights
 * (mg_portable_dot.h); a pixel's outputs are written after its window is staged (a block's after all of its pixels),
 * so an output may start below its input as in the reference kernels' pixel order, or above it when the rows run last
 * first (reverse_rows, over all batches). A small image is staged whole before its first pixel (image_bytes): its
 * reads only come earlier, so the same overlaps hold. */
/* The firmware builds with -Os, whose code for these loops spills and reloads (half again the instructions); the
 * portable backend's hot loops ask GCC for -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include <string.h>

#include "conv_2d.h"
#include "mg_portable_dot.h"

#define MG_PORTABLE_BLOCK_PIXELS 4  /* pixels staged at once (ARMv6-M: two) */
#define MG_PORTABLE_IMAGE_BYTES 512 /* the largest image staged whole (image_bytes) */

/* The rows and the columns of an image that its windows cover (from (-pad_height, -pad_width)). */
static int32_t image_rows(int32_t filter_height, int32_t dilation_height, int32_t stride_height, int32_t output_height)
{
    return (output_height - 1) * stride_height + (filter_height - 1) * dilation_height + 1;
}

static int32_t image_cols(int32_t filter_width, int32_t stride_width, int32_t output_width)
{
    return (output_width - 1) * stride_width + filter_width;
}

/* Bytes of the staged image when the image path applies, else 0: the whole input (per batch) staged once with its
 * padding, each window then a copy of runs of it without bounds (a small depth-1 image's windows of a few bytes a
 * row took some 400 instructions a pixel to stage one row at a time). Only for small images, whose copy costs the
 * arena little: the rows and columns the windows cover, MG_PORTABLE_IMAGE_BYTES at most. */
static int32_t image_bytes(int32_t filter_height, int32_t filter_width, int32_t input_depth, int32_t dilation_height,
                           int32_t dilation_width, int32_t stride_height, int32_t stride_width, int32_t output_height,
                           int32_t output_width)
{
    if (dilation_width != 1 || mg_portable_round8(filter_height * filter_width * input_depth) > MG_PORTABLE_PAIR_TAPS) {
        return 0;
    }
    const int32_t pixels = image_rows(filter_height, dilation_height, stride_height, output_height) *
                           image_cols(filter_width, stride_width, output_width);
    const int32_t bytes = (pixels * input_depth + 3) & ~3;
    return bytes <= MG_PORTABLE_IMAGE_BYTES ? bytes : 0;
}

size_t mg_conv_2d_s8_portable_scratch_size(int32_t filter_height, int32_t filter_width, int32_t input_depth,
                                           int32_t dilation_height, int32_t dilation_width, int32_t stride_height,
                                           int32_t stride_width, int32_t output_height, int32_t output_width)
{
    const int32_t taps8 = mg_portable_round8(filter_height * filter_width * input_depth);
    if (taps8 > MG_PORTABLE_PAIR_TAPS) {
        return (size_t)taps8;
    }
    /* the staged image, two pairs' words, MG_PORTABLE_WIDE_TAPS at most at once (mg_portable_dot8x4_wide), then four
     * pixels' bytes (one size for all cores: ARMv6-M uses the first two windows) and, after a staged image, a word
     * for the last window's last row (image_window) */
    const int32_t image = image_bytes(filter_height, filter_width, input_depth, dilation_height, dilation_width,
                                      stride_height, stride_width, output_height, output_width);
    return (size_t)(image + 2 * 4 * (taps8 < MG_PORTABLE_WIDE_TAPS ? taps8 : MG_PORTABLE_WIDE_TAPS) +
                    MG_PORTABLE_BLOCK_PIXELS * taps8 + (image ? 4 : 0));
}

/* MG_PORTABLE_SHORT_ROW: window rows of this many bytes or fewer are staged byte by byte (stage_short_rows); not on
 * ARMv6-M, where the call costs more than it saves. */
#if defined(__ARM_ARCH_6M__)
#define MG_PORTABLE_WIDE 0 /* no long multiply: each pixel's bytes (mg_portable_dot8), two pixels staged */
#define MG_PORTABLE_SHORT_ROW 0
#else
#define MG_PORTABLE_WIDE 1
#define MG_PORTABLE_SHORT_ROW 12
#endif

/* Four staged windows' n values (a multiple of 4, word-aligned) as mg_portable_dot8x4_wide's two pairs of words,
 * four taps of each window a load (a byte load each took 12 instructions a tap). */
static void quad_words(const uint8_t *staged, int32_t taps8, int32_t n, uint32_t *words)
{
    const mg_portable_word *s0 = (const mg_portable_word *)(const void *)staged;
    const mg_portable_word *s1 = (const mg_portable_word *)(const void *)(staged + taps8);
    const mg_portable_word *s2 = (const mg_portable_word *)(const void *)(staged + 2 * taps8);
    const mg_portable_word *s3 = (const mg_portable_word *)(const void *)(staged + 3 * taps8);
    for (int32_t i = 0; i < n / 4; ++i, words += 8) {
        const uint32_t a = s0[i], b = s1[i], c = s2[i], d = s3[i];
        words[0] = (a & 0xFFu) | b << 24;
        words[1] = (c & 0xFFu) | d << 24;
        words[2] = (a >> 8 & 0xFFu) | (b >> 8) << 24;
        words[3] = (c >> 8 & 0xFFu) | (d >> 8) << 24;
        words[4] = (a >> 16 & 0xFFu) | (b >> 16) << 24;
        words[5] = (c >> 16 & 0xFFu) | (d >> 16) << 24;
        words[6] = a >> 24 | (b & 0xFF000000u);
        words[7] = c >> 24 | (d & 0xFF000000u);
    }
}

/* `n` bytes of the zero point: a few (a depth-1 window's edge) without a call. */
static inline void fill(uint8_t *to, uint8_t pad, int32_t n)
{
    if (n < 16) {
        for (int32_t i = 0; i < n; ++i) {
            to[i] = pad;
        }
    } else {
        memset(to, pad, (size_t)n);
    }
}

/* stage_rows for rows of a few bytes (a depth-1 or depth-3 window's): without calls (GCC's loop distribution would
 * turn the padding's loops into memset calls, each dearer than its bytes). */
__attribute__((noinline, optimize("O2", "no-tree-loop-distribute-patterns"))) static uint32_t
stage_short_rows(const int8_t *from, int32_t line_bytes, int32_t iy, int32_t dh, int32_t height, int32_t rows,
                 uint8_t pad, int32_t before, int32_t run, int32_t row, uint8_t *to)
{
    uint32_t sum = 0, padded = 0;
#if defined(__ARM_ARCH_7M__)
    if (run == row && iy >= 0 && iy + (rows - 1) * dh < height) {
        /* every row inside the image: four bytes a load (ARMv7-M reads and writes words at any address), their sum
         * as two 16-bit lanes */
        const uint8_t *src = (const uint8_t *)from + iy * line_bytes;
        for (; rows > 0; --rows, src += dh * line_bytes, to += row) {
            uint32_t lanes = 0;
            int32_t k = 0;
            for (; k + 4 <= row; k += 4) {
                uint32_t v;
                __builtin_memcpy(&v, src + k, 4);
                v ^= 0x80808080u;
                __builtin_memcpy(to + k, &v, 4);
                lanes += (v & 0x00FF00FFu) + (v >> 8 & 0x00FF00FFu);
            }
            for (; k < row; ++k) {
                const uint32_t v = src[k] ^ 0x80u;
                to[k] = (uint8_t)v;
                lanes += v;
            }
            sum += (lanes & 0xFFFFu) + (lanes >> 16);
        }
        return sum;
    }
#endif
    for (; rows > 0; --rows, iy += dh, to += row) {
        int32_t k = 0;
        if ((uint32_t)iy < (uint32_t)height) {
            const uint8_t *src = (const uint8_t *)from + iy * line_bytes - before;
            for (; k < before; ++k) {
                to[k] = pad;
            }
            for (; k < before + run; ++k) {
                const uint32_t v = src[k] ^ 0x80u;
                to[k] = (uint8_t)v;
                sum += v;
            }
            padded -= (uint32_t)run;
        }
        for (; k < row; ++k) {
            to[k] = pad;
        }
        padded += (uint32_t)row;
    }
    return sum + pad * padded;
}

/* `rows` window rows from input row iy on (every dh-th), each `before` bytes of padding, a run of the input and
 * `after` bytes of padding (all padding outside the image's height); returns the sum of the staged values. The
 * run's place is computed once a window and each row's bounds are one unsigned compare (a row of a depth-1 window
 * took 87 instructions when every row worked them out again). */
static inline __attribute__((always_inline)) uint32_t stage_rows(const int8_t *from, int32_t line_bytes, int32_t iy,
                                                                 int32_t dh, int32_t height, int32_t rows, uint8_t pad,
                                                                 int32_t before, int32_t run, int32_t after,
                                                                 uint8_t *to)
{
    const int32_t row = before + run + after;
    uint32_t sum = 0, padded = 0;
    if (row <= MG_PORTABLE_SHORT_ROW) {
        return stage_short_rows(from, line_bytes, iy, dh, height, rows, pad, before, run, row, to);
    }
    for (; rows > 0; --rows, iy += dh, to += row) {
        if ((uint32_t)iy >= (uint32_t)height) {
            fill(to, pad, row);
            padded += (uint32_t)row;
            continue;
        }
        fill(to, pad, before);
        sum += mg_portable_stage(from + iy * line_bytes, to + before, run);
        fill(to + before + run, pad, after);
        padded += (uint32_t)(before + after);
    }
    return sum + pad * padded;
}

/* The window of output pixel (oy, ox) of one image, staged; returns the sum of its staged values. Without dilation
 * a window row's pixels inside the image are one run of the input (a depth-1 input would otherwise take a call
 * per byte), at the same place in every row of the window. */
static uint32_t stage_window(const mg_conv_geometry *g, uint8_t pad, const int8_t *image, int32_t oy, int32_t ox,
                             uint8_t *to)
{
    const int32_t depth = g->input_depth;
    const int32_t line_bytes = g->input_width * depth;
    const int32_t x0 = ox * g->stride_width - g->pad_width;
    const int32_t iy = oy * g->stride_height - g->pad_height;
    if (g->dilation_width == 1) {
        /* the window columns inside the image, [first, last): bytes before them, theirs, after them */
        const int32_t first = x0 < 0 ? -x0 : 0;
        const int32_t last = g->input_width - x0 < g->filter_width ? g->input_width - x0 : g->filter_width;
        const int32_t run = last > first ? (last - first) * depth : 0;
        const int32_t before = run ? first * depth : g->filter_width * depth;
        const int32_t after = g->filter_width * depth - before - run;
        return stage_rows(image + (run ? x0 * depth + before : 0), line_bytes, iy, g->dilation_height, g->input_height,
                          g->filter_height, pad, before, run, after, to);
    }
    uint32_t sum = 0;
    for (int32_t ky = 0; ky < g->filter_height; ++ky, to += g->filter_width * depth) {
        /* one input pixel at a time: a row of one pixel each */
        for (int32_t kx = 0, ix = x0; kx < g->filter_width; ++kx, ix += g->dilation_width) {
            const int inside = ix >= 0 && ix < g->input_width;
            sum += stage_rows(image + (inside ? ix * depth : 0), line_bytes, iy + ky * g->dilation_height, 1,
                              g->input_height, 1, pad, inside ? 0 : depth, inside ? depth : 0, 0, to + kx * depth);
        }
    }
    return sum;
}

/* One image's rows and columns the windows cover (`rows` x `cols` pixels from (-pad_height, -pad_width)), staged
 * with the padding as the input zero point. */
static void stage_image(const mg_conv_geometry *g, uint8_t pad, const int8_t *image, int32_t rows, int32_t cols,
                        uint8_t *to)
{
    const int32_t depth = g->input_depth;
    const int32_t first = g->pad_width < cols ? g->pad_width : cols;
    const int32_t last = g->input_width + g->pad_width < cols ? g->input_width + g->pad_width : cols;
    const int32_t run = last > first ? (last - first) * depth : 0;
    const int32_t before = run ? first * depth : cols * depth;
    stage_rows(image, g->input_width * depth, -g->pad_height, 1, g->input_height, rows, pad, before, run,
               cols * depth - before - run, to);
}

/* The window of output pixel (oy, ox) copied from the staged image (`line` bytes a row); returns the sum of its
 * values. On ARMv7-M, which loads and stores words at any address, each row a word at a time: a row's last word may
 * carry up to three bytes past it, left out of the sum and overwritten by the next row, or after the last row lying
 * in the window's padding, which meets zero weights, or in the scratch's last word (image_bytes); its sums in two
 * 16-bit lanes, which hold a window of the image's 512 bytes at most. */
__attribute__((noinline)) static uint32_t image_window(const mg_conv_geometry *g, const uint8_t *image, int32_t line,
                                                       int32_t oy, int32_t ox, uint8_t *to)
{
    const int32_t n = g->filter_width * g->input_depth, step = g->dilation_height * line;
    const uint8_t *at = image + oy * g->stride_height * line + ox * g->stride_width * g->input_depth;
#if defined(__ARM_ARCH_7M__)
    const uint32_t tail = n & 3 ? 0xFFFFFFFFu >> (8 * (4 - (n & 3))) : 0xFFFFFFFFu; /* the last word's bytes */
    uint32_t lanes = 0;
    for (int32_t ky = g->filter_height; ky > 0; --ky, at += step, to += n) {
        for (int32_t k = 0; k < n; k += 4) {
            uint32_t v;
            __builtin_memcpy(&v, at + k, 4);
            __builtin_memcpy(to + k, &v, 4);
            v &= k + 4 <= n ? 0xFFFFFFFFu : tail;
            lanes += (v & 0x00FF00FFu) + (v >> 8 & 0x00FF00FFu);
        }
    }
    return (lanes & 0xFFFFu) + (lanes >> 16);
#else
    uint32_t sum = 0;
    for (int32_t ky = g->filter_height; ky > 0; --ky, at += step, to += n) {
        for (int32_t k = 0; k < n; ++k) {
            to[k] = at[k];
            sum += at[k];
        }
    }
    return sum;
#endif
}

/* Output channels requantized per call (their raw sums on the stack, one block per staged pixel): the call's set-up
 * spread over a block instead of one group of four. */
#define MG_PORTABLE_BLOCK MG_PORTABLE_SUMS_STRIDE

/* The outputs of one staged pixel's block of channels [o, o + count). */
static void requant_block(const mg_conv_2d_portable_params *p, const uint32_t *sums, uint32_t staged_sum, int32_t o,
                          int32_t count, int8_t *out)
{
    mg_portable_requant(sums, staged_sum, p->folded + o, p->requant + o * p->requant_step, p->requant_step, count,
                        p->thresholds ? p->thresholds + 2 * o : 0, p->output_offset, p->act_min, p->act_max, out + o);
}

/* The raw sums of one group of four channels (`group`: its weights from tap `first`, n taps) for a block of `count`
 * staged pixels into sums[k][j..j+3], set by the first chunk of taps and added to by the others (`add`). Without the
 * pairs' words (ARMv6-M, and windows too long to stage more than one) each pixel's bytes, all taps at once; with them
 * four pixels from the two pairs' words (a block of two or three pixels too: the sums of the windows it lacks, from
 * whatever that scratch holds, are not read), a lone pixel from its bytes. */
static inline __attribute__((always_inline)) void group_sums(const uint8_t *staged, const uint32_t *words,
                                                             int32_t taps8, int32_t first, int32_t n,
                                                             const uint8_t *group, int32_t count, int wide, int add,
                                                             uint32_t (*sums)[MG_PORTABLE_BLOCK], int32_t j)
{
    if (!wide) {
        for (int32_t k = 0; k < count; ++k) {
            mg_portable_dot8(staged + k * taps8, group, taps8, &sums[k][j]);
        }
        return;
    }
    if (count >= 2) { /* channels 0 and 1, then 2 and 3 */
        mg_portable_dot8x4_wide(words, group, n, &sums[0][j], add);
        mg_portable_dot8x4_wide(words, group + 2, n, &sums[0][j + 2], add);
        return;
    }
    uint32_t part[MG_PORTABLE_GROUP];
    mg_portable_dot8(staged + first, group, n, part);
    for (int32_t i = 0; i < MG_PORTABLE_GROUP; ++i) {
        sums[0][j + i] = (add ? sums[0][j + i] : 0) + part[i];
    }
}

void mg_conv_2d_s8_portable(const mg_conv_2d_portable_params *p, const int8_t *input, int8_t *output, uint8_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t taps = g->filter_height * g->filter_width * g->input_depth;
    const int32_t taps8 = mg_portable_round8(taps), taps4 = (taps + 3) & ~3;
    const uint8_t *weights = (const uint8_t *)p->weights;
    const uint8_t pad = (uint8_t)(-p->input_offset + 128); /* the zero point, staged */
    const int blocked = taps8 <= MG_PORTABLE_PAIR_TAPS;
    const int32_t step = !blocked ? 1 : MG_PORTABLE_WIDE ? MG_PORTABLE_BLOCK_PIXELS : 2; /* pixels staged at once */
    const int32_t input_bytes = g->input_height * g->input_width * g->input_depth;       /* one image's */
    const int32_t lines = g->batches * g->output_height; /* output rows, over all batches */
    const int32_t pixels = lines * g->output_width;
    /* the words of a block's pairs, MG_PORTABLE_WIDE_TAPS taps at a time: the taps in chunks, each chunk's sums
     * added; the staged windows after them (word-aligned scratch) */
    const int wide = MG_PORTABLE_WIDE && blocked;
    const int32_t chunks = wide ? (taps8 + MG_PORTABLE_WIDE_TAPS - 1) / MG_PORTABLE_WIDE_TAPS : 1;
    const int32_t imaged =
        image_bytes(g->filter_height, g->filter_width, g->input_depth, g->dilation_height, g->dilation_width,
                    g->stride_height, g->stride_width, g->output_height, g->output_width);
    const int32_t rows = image_rows(g->filter_height, g->dilation_height, g->stride_height, g->output_height);
    const int32_t cols = image_cols(g->filter_width, g->stride_width, g->output_width);
    const int32_t image_line = cols * g->input_depth;
    int32_t image_batch = -1; /* the batch whose image is staged */
    /* a 1x1 window without stride or padding is its input pixel: no bounds to work out */
    const int pointwise = g->filter_height == 1 && g->filter_width == 1 && g->stride_height == 1 &&
                          g->stride_width == 1 && g->pad_height == 0 && g->pad_width == 0 &&
                          g->input_height == g->output_height && g->input_width == g->output_width;
    uint8_t *image = scratch;
    scratch += imaged;
    uint32_t *words = (uint32_t *)(void *)scratch;
    scratch += blocked ? 2 * 4 * (taps8 < MG_PORTABLE_WIDE_TAPS ? taps8 : MG_PORTABLE_WIDE_TAPS) : 0;
    for (int32_t k = 0; k < step; ++k) { /* the padding after the last tap meets zero weights: a defined value */
        memset(scratch + k * taps8 + taps, 0, (size_t)(taps8 - taps));
    }
#if defined(__ARM_ARCH_7M__)
    const mg_portable_outputs outputs = {p->folded,       p->requant,       p->requant_step, p->thresholds,
                                         g->output_depth, p->output_offset, p->act_min,      p->act_max};
    mg_portable_table table;
    table.first = -1;
#endif
    int32_t seq = 0, ox = 0, line = 0, b = 0, oy = 0; /* the next pixel: output row (in visiting order), column */
    for (int32_t q = 0; q < pixels; q += step) {
        const int32_t count = pixels - q < step ? pixels - q : step;
        uint32_t staged_sum[MG_PORTABLE_BLOCK_PIXELS];
        int8_t *out[MG_PORTABLE_BLOCK_PIXELS];
        for (int32_t k = 0; k < count; ++k) { /* in pixel order (rows last first with reverse_rows) */
            if (ox == 0) {                    /* a new row: divisions once per row (a library call on ARMv6-M) */
                line = p->reverse_rows ? lines - 1 - seq : seq;
                b = line / g->output_height;
                oy = line % g->output_height;
                if (imaged && b != image_batch) {
                    stage_image(g, pad, input + b * input_bytes, rows, cols, image);
                    image_batch = b;
                }
            }
            const int32_t pixel = line * g->output_width + ox; /* over all batches */
            staged_sum[k] = pointwise ? mg_portable_stage(input + pixel * g->input_depth, scratch + k * taps8, taps)
                            : imaged  ? image_window(g, image, image_line, oy, ox, scratch + k * taps8)
                                      : stage_window(g, pad, input + b * input_bytes, oy, ox, scratch + k * taps8);
            out[k] = output + pixel * g->output_depth;
            if (++ox == g->output_width) {
                ox = 0;
                ++seq;
            }
        }
        const int quad = wide && count >= 2;
        const int32_t read = quad ? taps4 : taps8; /* the taps the dot products read (mg_portable_dot8x4_wide's) */
        if (quad && chunks == 1) {
            quad_words(scratch, taps8, read, words);
        }
        for (int32_t start = 0; start < g->output_depth; start += MG_PORTABLE_BLOCK) {
            const int32_t block =
                g->output_depth - start < MG_PORTABLE_BLOCK ? g->output_depth - start : MG_PORTABLE_BLOCK;
            uint32_t sums[MG_PORTABLE_BLOCK_PIXELS][MG_PORTABLE_BLOCK];
            for (int32_t chunk = 0; chunk < chunks; ++chunk) {
                const int32_t first = chunk * MG_PORTABLE_WIDE_TAPS;
                const int32_t n = read - first < MG_PORTABLE_WIDE_TAPS ? read - first : MG_PORTABLE_WIDE_TAPS;
                if (quad && chunks > 1) {
                    quad_words(scratch + first, taps8, n, words);
                }
                const uint8_t *group = weights + (start * taps8 + first * MG_PORTABLE_GROUP);
                for (int32_t j = 0; j < block; j += MG_PORTABLE_GROUP, group += taps8 * MG_PORTABLE_GROUP) {
                    group_sums(scratch, words, taps8, first, chunks > 1 ? n : read, group, count, wide, chunk > 0, sums,
                               j);
                }
            }
#if defined(__ARM_ARCH_7M__)
            if (count == 4 && p->thresholds && out[1] == out[0] + g->output_depth &&
                out[2] == out[1] + g->output_depth && out[3] == out[2] + g->output_depth) {
                mg_portable_requant_pixels(&outputs, sums, staged_sum, start, block, out[0], &table);
                continue;
            }
#endif
            for (int32_t k = 0; k < count; ++k) {
                requant_block(p, sums[k], staged_sum[k], start, block, out[k]);
            }
        }
    }
}
