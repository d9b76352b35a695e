/* TRANSPOSE_CONV (TFLite Micro's transpose_conv.cc): every input pixel scatters input[b][y][x][c] *
 * filter[o][ky][kx][c] onto output[b][y*sh - ph + ky][x*sw - pw + kx][o], taps outside the output skipped; then
 * per output element the bias, the requantization and the fused activation clamp. Inputs in TFLite's order:
 * output_shape (unused: the output tensor's shape is the plan's), filter (OHWI), input, optional bias.
 *
 * The integer kernels accumulate in a scratch buffer over the whole output as TFLite Micro does (int32 for int8,
 * int64 for int16x8); float32 accumulates in the output itself, in TFLite's order. The geometry is CONV_2D's
 * (mg_conv_geometry.h, dilations 1), the padding computed from the output size. */
#ifndef MG_TRANSPOSE_CONV_H
#define MG_TRANSPOSE_CONV_H

#include <stddef.h>
#include <stdint.h>

#include "mg_conv_geometry.h"
#include "mg_fixedpoint.h"
#include "mg_kernel.h"
#include "mg_requant.h"

enum { MG_TRANSPOSE_CONV_OUTPUT_SHAPE, MG_TRANSPOSE_CONV_FILTER, MG_TRANSPOSE_CONV_INPUT, MG_TRANSPOSE_CONV_BIAS };

typedef struct {
    mg_conv_geometry geometry;
    int32_t input_offset;  /* int8: minus the input zero point (int16: zero points are 0) */
    int32_t output_offset; /* int8: the output zero point */
    int32_t per_channel;   /* integer: one filter scale per output channel (1) or one for all (0) */
    float input_scale;     /* integer: with the filter's scales in the model, each channel's multiplier */
    float output_scale;    /* and shift (mg_requant.h), as PopulateConvolutionQuantizationParams */
    int32_t act_min;       /* integer: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f; /* float32: the fused activation range */
    float act_max_f;
    const int32_t *channels; /* dsp: per output channel a dsp_channel (mg_dsp_requant.h), doubled bias; mve: every
                              * stride phase's requantization table (mg_mve.h); else 0 */
    int32_t left_shift;      /* mve: the tables hold left shifts (some channel's multiplier is 1 or more) */
    /* mve: every stride phase's filter rows in order (mve_transpose_conv.phase_filters, over the filter's bytes);
     * else 0 */
    const int32_t *phase_filters;
} mg_transpose_conv_params;

/* The scatter of every kernel, in TFLite's order: input pixels (b, y, x), the filter taps (ky, kx) that land
 * inside the output, output channels o, then the pixel's channels c added one by one to the output element's
 * accumulator (acc, of type ACC_T, laid out as the output) as PRODUCT(input value, filter value). For a given
 * output element this adds the same terms in the same order as TFLite's loop, so float32 rounds the same. */
#define MG_TRANSPOSE_CONV_SCATTER(g, input, filter, acc, ACC_T, PRODUCT)                                               \
    for (int32_t b_ = 0; b_ < (g)->batches; ++b_) {                                                                    \
        for (int32_t iy_ = 0; iy_ < (g)->input_height; ++iy_) {                                                        \
            for (int32_t ix_ = 0; ix_ < (g)->input_width; ++ix_) {                                                     \
                const int32_t oy_ = iy_ * (g)->stride_height - (g)->pad_height;                                        \
                const int32_t ox_ = ix_ * (g)->stride_width - (g)->pad_width;                                          \
                int32_t ky0_, ky1_, kx0_, kx1_;                                                                        \
                mg_conv_window(oy_, 1, (g)->output_height, (g)->filter_height, &ky0_, &ky1_);                          \
                mg_conv_window(ox_, 1, (g)->output_width, (g)->filter_width, &kx0_, &kx1_);                            \
                const int32_t depth_ = (g)->input_depth, out_depth_ = (g)->output_depth;                               \
                const int32_t pixel_ = (b_ * (g)->input_height + iy_) * (g)->input_width + ix_;                        \
                for (int32_t ky_ = ky0_; ky_ < ky1_; ++ky_) {                                                          \
                    for (int32_t kx_ = kx0_; kx_ < kx1_; ++kx_) {                                                      \
                        ACC_T *row_ =                                                                                  \
                            (acc) +                                                                                    \
                            ((b_ * (g)->output_height + oy_ + ky_) * (g)->output_width + ox_ + kx_) * out_depth_;      \
                        for (int32_t o_ = 0; o_ < out_depth_; ++o_) {                                                  \
                            const int32_t tap_ = (o_ * (g)->filter_height + ky_) * (g)->filter_width + kx_;            \
                            ACC_T total_ = row_[o_];                                                                   \
                            for (int32_t c_ = 0; c_ < depth_; ++c_) {                                                  \
                                total_ += PRODUCT((input)[pixel_ * depth_ + c_], (filter)[tap_ * depth_ + c_]);        \
                            }                                                                                          \
                            row_[o_] = total_;                                                                         \
                        }                                                                                              \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }

/* The family's prepare, every backend's: the node against the geometry, its types and bias, the filter's scales
 * (integer types) into node->user_data, and at least `scratch` bytes of scratch when scratch > 0. */
mg_status mg_transpose_conv_prepare(mg_node *node, size_t scratch);

/* The int8 kernels' last pass over their int32 accumulators (laid out as the output): per output channel its
 * multiplier and shift from the filter's scales, then per element the bias, the requantization, the output offset
 * and the clamp. */
static inline void mg_transpose_conv_requantize_s8(const mg_transpose_conv_params *p, const uint8_t *filter_scales,
                                                   const int32_t *bias, const int32_t *accumulators, int8_t *output)
{
    const mg_conv_geometry *g = &p->geometry;
    const int32_t depth = g->output_depth, pixels = mg_conv_output_elements(g) / depth;
    for (int32_t o = 0; o < depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        for (int32_t i = o; i < pixels * depth; i += depth) {
            int32_t acc = accumulators[i] + (bias ? bias[o] : 0);
            acc = mg_multiply_by_quantized_multiplier(acc, multiplier, shift);
            output[i] = (int8_t)mg_clamp(acc + p->output_offset, p->act_min, p->act_max);
        }
    }
}

/* The int32 accumulators over the output (int8), the int64 ones (int16x8). */
size_t mg_transpose_conv_s8_scratch_size(int32_t output_elements);
size_t mg_transpose_conv_s16_scratch_size(int32_t output_elements);

/* filter_scales: the filter's float32 scales in the model (mg_tensor_scales). */
void mg_transpose_conv_s8(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                          const uint8_t *filter_scales, const int32_t *bias, int8_t *output, int32_t *scratch);
/* The bias is int64 (bias64) or int16 (bias16, widened as TFLite Micro does), or absent (both null). */
void mg_transpose_conv_s16(const mg_transpose_conv_params *p, const int16_t *input, const int8_t *filter,
                           const uint8_t *filter_scales, const int64_t *bias64, const int16_t *bias16, int16_t *output,
                           int64_t *scratch);
void mg_transpose_conv_f32(const mg_transpose_conv_params *p, const float *input, const float *filter,
                           const float *bias, float *output);

extern const mg_registration mg_register_transpose_conv;

/* ---- dsp backend (Cortex-M4/M7/M33: SMLAD), int8 ----
 * The reference scatter with int16 operands (mg_dsp_dot16.h): the filter widened once per invoke, each input pixel
 * (input offset added) once, four output channels per pass over a pixel's channels; the accumulators are
 * requantized through the generated channel table. filter_rows: output channels times filter taps. */
size_t mg_transpose_conv_s8_dsp_scratch_size(int32_t output_elements, int32_t filter_rows, int32_t input_depth);
void mg_transpose_conv_s8_dsp(const mg_transpose_conv_params *p, const int8_t *input, const int8_t *filter,
                              int8_t *output, void *scratch);

extern const mg_registration mg_register_transpose_conv_dsp;

/* ---- mve backend (Cortex-M55 Helium), int8 ----
 * A gather per stride phase: each phase's taps as filter rows (phase_filters, generated), with its generated
 * requantization table (the input offset folded into the bias), the output pixels' windows through the mve
 * matrix core (mg_mve_matmul.h). */
size_t mg_transpose_conv_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width, int32_t stride_height,
                                             int32_t stride_width, int32_t input_width, int32_t output_width,
                                             int32_t pad_width, int32_t output_depth, int32_t input_depth);
void mg_transpose_conv_s8_mve(const mg_transpose_conv_params *p, const int8_t *input, int8_t *output, void *scratch);

extern const mg_registration mg_register_transpose_conv_mve;

#endif
