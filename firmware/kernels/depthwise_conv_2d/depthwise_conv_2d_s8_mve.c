#pragma GCC optimize("O3")
#include "depthwise_conv_2d.h"
#include "mg_mve.h"

size_t mg_depthwise_conv_2d_s8_mve_scratch_size(int32_t input_depth, int32_t output_width, int32_t stride_width,
                                                int32_t fast)
{
    if (fast) { /* 16-channel blocks: two padded rows and a pixel of the zero point; packed: three padded rows */
        const size_t row = (size_t)((output_width - 1) * stride_width + 3) * input_depth;
        return input_depth % 16 == 0 ? 2u * row + (size_t)input_depth : 3u * row;
    }
    return ((size_t)input_depth + 15u) & ~(size_t)15u;
}

#if defined(__ARM_FEATURE_MVE)

/* Requantizes the even- and odd-channel sums of a block of 8 channels (table groups t and t + stride) into the
 * block's 8 outputs as int16 lanes in channel order. */
static inline int16x8_t requant_block(int32x4_t even, int32x4_t odd, const int32_t *t, int32_t stride, int left_shift,
                                      int32_t output_offset, int32x4_t act_min, int32x4_t act_max)
{
    even = mve_requant_group(even, t, left_shift, output_offset, act_min, act_max);
    odd = mve_requant_group(odd, t + stride, left_shift, output_offset, act_min, act_max);
    return vmovntq_s32(vmovnbq_s32(vdupq_n_s16(0), even), odd);
}

/* An output row of 16-channel blocks whose taps ky 0 and 1 are in a->x[0..5] (the slots, at the row's first pixel)
 * and whose taps ky 2 read input row `bottom` straight (NULL: outside the input) from column x_start + stride * ox:
 * the pixels whose three taps there lie inside the input in one call, every other pixel in a call of its own, its
 * taps outside the input reading the zero point pixel. */
static void bottom_from_input(mg_depthwise_conv_2d_3x3_row_args *a, const int8_t *bottom, int32_t x_start,
                              int32_t stride, int32_t width, int32_t depth, int32_t out_width, const int8_t *zero_pixel,
                              int8_t *output)
{
    const int8_t *slot[6];
    for (int32_t k = 0; k < 6; ++k) {
        slot[k] = a->x[k];
    }
    for (int32_t ox = 0; ox < out_width;) {
        const int32_t x0 = x_start + ox * stride;
        int32_t n = 1;
        if (bottom && x0 >= 0 && x0 + 2 < width) {
            while (ox + n < out_width && x0 + n * stride + 2 < width) {
                ++n;
            }
        }
        for (int32_t k = 0; k < 6; ++k) {
            a->x[k] = slot[k] + ox * stride * depth;
        }
        for (int32_t kx = 0; kx < 3; ++kx) {
            const int32_t x = x0 + kx;
            a->x[6 + kx] = bottom && x >= 0 && x < width ? bottom + x * depth : zero_pixel;
        }
        a->out = output + ox * depth;
        a->count = n;
        mg_depthwise_conv_2d_3x3_row_s8_mve(a);
        ox += n;
    }
}

/* The fast path: per output row, the input rows it needs kept in slots of scratch (row y in slot y % slots, each
 * copied once, padded with the zero point; rows outside the input all zero point), then the assembly over the row.
 * Rows of 16-channel blocks keep two slots and read the window's last row straight from the input (its edges
 * pixel by pixel), so that only two rows are copied ahead of the row's writes; packed rows keep three slots. */
static void fast_3x3(const mg_depthwise_conv_2d_mve_params *p, const int8_t *input, int8_t *output, int8_t *scratch)
{
    const int32_t depth = p->geometry.input_depth, width = p->geometry.input_width, height = p->geometry.input_height;
    const int32_t out_width = p->geometry.output_width, row_pixels = (out_width - 1) * p->geometry.stride_width + 3;
    const int32_t row_bytes = row_pixels * depth, left = p->geometry.pad_width;
    const int32_t copied = width < row_pixels - left ? width : row_pixels - left;
    const int32_t right = row_pixels - left - copied;
    const int8_t zp = (int8_t)(-p->input_offset);
    mg_depthwise_conv_2d_3x3_row_args a;
    a.w = (const int8_t *)p->weights + 16;
    a.table = p->table;
    a.blocks = depth & 15 ? 0 : depth >> 4;
    a.count = a.blocks ? out_width : out_width * depth >> 4;
    a.x_step = (p->geometry.stride_width - 1) * depth;
    a.output_offset = p->output_offset;
    a.act_min = p->act_min;
    a.act_max = p->act_max;
    const int32_t slots = a.blocks ? 2 : 3;
    int8_t *const zero_pixel = scratch + slots * row_bytes; /* blocks only */
    if (a.blocks) {
        mve_fill_s8(zero_pixel, zp, depth);
    }
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const int8_t *image = input + b * height * width * depth;
        int32_t held[3] = {INT32_MIN, INT32_MIN, INT32_MIN}; /* the input row each slot holds */
        for (int32_t oy = 0; oy < p->geometry.output_height; ++oy) {
            const int32_t y0 = oy * p->geometry.stride_height - p->geometry.pad_height;
            for (int32_t ky = 0; ky < slots; ++ky) {
                /* consecutive rows take distinct slots: a row outside the input is the zero point */
                const int32_t y = y0 + ky, s = ((y % slots) + slots) % slots;
                int8_t *const row = scratch + s * row_bytes;
                if (held[s] != y) {
                    if (y >= 0 && y < height) {
                        mve_fill_s8(row, zp, left * depth);
                        mve_copy_s8(row + left * depth, image + y * width * depth, copied * depth);
                        mve_fill_s8(row + (left + copied) * depth, zp, right * depth);
                    } else {
                        mve_fill_s8(row, zp, row_bytes);
                    }
                    held[s] = y;
                }
                a.x[3 * ky] = row;
                a.x[3 * ky + 1] = row + depth;
                a.x[3 * ky + 2] = row + 2 * depth;
            }
            if (a.blocks) {
                const int32_t y = y0 + 2;
                const int8_t *bottom = y >= 0 && y < height ? image + y * width * depth : NULL;
                bottom_from_input(&a, bottom, -left, p->geometry.stride_width, width, depth, out_width, zero_pixel,
                                  output);
            } else {
                a.out = output;
                mg_depthwise_conv_2d_3x3_row_s8_mve(&a);
            }
            output += out_width * depth;
        }
    }
}

void mg_depthwise_conv_2d_s8_mve(const mg_depthwise_conv_2d_mve_params *p, const int8_t *input, int8_t *output,
                                 int8_t *scratch)
{
    if (p->fast) {
        fast_3x3(p, input, output, scratch);
        return;
    }
    const int32_t depth = p->geometry.input_depth, width = p->geometry.input_width;
    const int32_t fh = p->geometry.filter_height, fw = p->geometry.filter_width, taps = fh * fw;
    const int32_t stride = MVE_TABLE_STRIDE(p->left_shift);
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    const int left_shift = p->left_shift;
    const int32_t output_offset = p->output_offset;
    const int8_t *tap[MG_MVE_DW_MAX_TAPS];
    mve_fill_s8(scratch, (int8_t)(-p->input_offset), (depth + 15) & ~15); /* what taps outside the input read */
    for (int32_t b = 0; b < p->geometry.batches; ++b) {
        const int8_t *image = input + b * p->geometry.input_height * width * depth;
        for (int32_t oy = 0; oy < p->geometry.output_height; ++oy) {
            const int32_t y0 = oy * p->geometry.stride_height - p->geometry.pad_height;
            for (int32_t ox = 0; ox < p->geometry.output_width; ++ox) {
                const int32_t x0 = ox * p->geometry.stride_width - p->geometry.pad_width;
                for (int32_t ky = 0, k = 0; ky < fh; ++ky) {
                    const int32_t y = y0 + ky * p->geometry.dilation_height;
                    const int row_inside = y >= 0 && y < p->geometry.input_height;
                    for (int32_t kx = 0; kx < fw; ++kx, ++k) {
                        const int32_t x = x0 + kx * p->geometry.dilation_width;
                        tap[k] = row_inside && x >= 0 && x < width ? image + (y * width + x) * depth : scratch;
                    }
                }
                const int8_t *w = (const int8_t *)p->weights;
                const int32_t *t = p->table;
                int32_t c = 0;
                for (; c + 16 <= depth; c += 16) { /* two blocks of 8 channels */
                    const int8_t *w0 = w, *w1 = w + 8 * taps;
                    int32x4_t e0 = vdupq_n_s32(0), o0 = e0, e1 = e0, o1 = e0;
                    for (int32_t k = 0; k < taps; ++k) {
                        const int8_t *x = tap[k] + c;
                        const int16x8_t x0v = vldrbq_s16(x), x1v = vldrbq_s16(x + 8);
                        const int16x8_t w0v = vldrbq_s16(w0), w1v = vldrbq_s16(w1);
                        w0 += 8;
                        w1 += 8;
                        e0 = vaddq_s32(e0, vmullbq_int_s16(x0v, w0v));
                        o0 = vaddq_s32(o0, vmulltq_int_s16(x0v, w0v));
                        e1 = vaddq_s32(e1, vmullbq_int_s16(x1v, w1v));
                        o1 = vaddq_s32(o1, vmulltq_int_s16(x1v, w1v));
                    }
                    w = w1;
                    vstrbq_s16(output + c,
                               requant_block(e0, o0, t, stride, left_shift, output_offset, act_min, act_max));
                    vstrbq_s16(output + c + 8, requant_block(e1, o1, t + 2 * stride, stride, left_shift, output_offset,
                                                             act_min, act_max));
                    t += 4 * stride;
                }
                for (; c < depth; c += 8) { /* one block of 8 channels, the last one under a predicate */
                    const mve_pred16_t pred = vctp16q((uint32_t)(depth - c));
                    int32x4_t e0 = vdupq_n_s32(0), o0 = e0;
                    for (int32_t k = 0; k < taps; ++k) {
                        const int16x8_t xv = vldrbq_z_s16(tap[k] + c, pred);
                        const int16x8_t wv = vldrbq_s16(w);
                        w += 8;
                        e0 = vaddq_s32(e0, vmullbq_int_s16(xv, wv));
                        o0 = vaddq_s32(o0, vmulltq_int_s16(xv, wv));
                    }
                    vstrbq_p_s16(output + c,
                                 requant_block(e0, o0, t, stride, left_shift, output_offset, act_min, act_max), pred);
                    t += 2 * stride;
                }
                output += depth;
            }
        }
    }
}

#endif
