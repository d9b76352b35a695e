/* The pooling family, AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D (NHWC), shared by every backend: the
 * parameters TFLite Micro's PoolingPrepare computes (output size, padding, activation range), the node check,
 * and the filter window clipped to the input that every pooling kernel walks.
 *
 * AVERAGE_POOL_2D: each output is the mean of the filter window clipped to the input, rounded as TFLite does;
 * MAX_POOL_2D: its largest value; L2_POOL_2D (float32 only): the square root of its mean square. Kernels:
 * mg_average_pool_2d_s8, _s16, _f32, mg_max_pool_2d_s8, _s16, _f32 and mg_l2_pool_2d_f32 (reference, registered in
 * average_pool_2d.c, max_pool_2d.c, l2_pool_2d.c), mg_<op>_s8_dsp, _s16_dsp, _s8_mve, _s16_mve (<op>_<type>_<backend>.c,
 * registered by <op>_<backend>.c), mg_max_pool_2d_s8_portable (max_pool_2d_s8_portable.c, registering itself). */
#ifndef MG_POOL_2D_H
#define MG_POOL_2D_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t input_height;
    int32_t input_width;
    int32_t depth;
    int32_t output_height;
    int32_t output_width;
    int32_t stride_height;
    int32_t stride_width;
    int32_t filter_height;
    int32_t filter_width;
    int32_t padding_height; /* top/left padding, as TFLite's ComputePaddingHeightWidth gives it */
    int32_t padding_width;
    int32_t act_min; /* int8, int16: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f; /* float32: the fused activation range */
    float act_max_f;
} mg_pool_2d_params;

/* Checks the node's tensors against the parameters: int8, int16 or float32 (the reference kernels)... */
mg_status mg_pool_2d_prepare(mg_node *node);
/* ... or int8 only (the backends). */
mg_status mg_pool_2d_prepare_s8(mg_node *node);

void mg_average_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_average_pool_2d_s16(const mg_pool_2d_params *p, const int16_t *input, int16_t *output);
void mg_average_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output);
void mg_max_pool_2d_s8(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_max_pool_2d_s16(const mg_pool_2d_params *p, const int16_t *input, int16_t *output);
void mg_max_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output);
void mg_l2_pool_2d_f32(const mg_pool_2d_params *p, const float *input, float *output);

/* The reference registration of a pool: the family's prepare, then the math by type. */
#define MG_REGISTER_POOL_2D(name)                                                                                      \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        const mg_tensor *input = mg_input(node, 0);                                                                    \
        void *output = mg_output(node, 0)->data;                                                                       \
        if (input->type == MG_INT8) {                                                                                  \
            mg_##name##_s8(node->params, input->data, output);                                                         \
        } else if (input->type == MG_INT16) {                                                                          \
            mg_##name##_s16(node->params, input->data, output);                                                        \
        } else {                                                                                                       \
            mg_##name##_f32(node->params, input->data, output);                                                        \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, mg_pool_2d_prepare, name##_invoke}

extern const mg_registration mg_register_average_pool_2d;
extern const mg_registration mg_register_max_pool_2d;
extern const mg_registration mg_register_l2_pool_2d;

/* One axis of an output position's filter window: the input coordinate of tap 0 (negative in the padding) and
 * the taps [first, end) that fall inside the input. */
typedef struct {
    int32_t origin;
    int32_t first;
    int32_t end;
} mg_pool_span;

static inline mg_pool_span mg_pool_span_of(int32_t out, int32_t stride, int32_t padding, int32_t filter, int32_t size)
{
    mg_pool_span s;
    s.origin = out * stride - padding;
    s.first = s.origin < 0 ? -s.origin : 0;
    s.end = filter < size - s.origin ? filter : size - s.origin;
    return s;
}

static inline mg_pool_span mg_pool_rows(const mg_pool_2d_params *p, int32_t oy)
{
    return mg_pool_span_of(oy, p->stride_height, p->padding_height, p->filter_height, p->input_height);
}

static inline mg_pool_span mg_pool_cols(const mg_pool_2d_params *p, int32_t ox)
{
    return mg_pool_span_of(ox, p->stride_width, p->padding_width, p->filter_width, p->input_width);
}

/* The reference kernels' walk, TFLite's reference AveragePool and MaxPool loops: for every output element (batch,
 * row, column, channel) in order, an accumulator of type ACC starts at INIT, becomes ACCUMULATE(acc, v) for each
 * input value v of type T in the window clipped to the input (row by row), and the output element is
 * FINISH(p, acc, count), count the number of those values. */
#define MG_POOL_2D_REFERENCE(T, ACC, p, input, output, INIT, ACCUMULATE, FINISH)                                       \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                                    \
        const T *image_ = (input) + b_ * (p)->input_height * (p)->input_width * (p)->depth;                            \
        for (int32_t oy_ = 0; oy_ < (p)->output_height; ++oy_) {                                                       \
            const mg_pool_span y_ = mg_pool_rows((p), oy_);                                                            \
            for (int32_t ox_ = 0; ox_ < (p)->output_width; ++ox_) {                                                    \
                const mg_pool_span x_ = mg_pool_cols((p), ox_);                                                        \
                for (int32_t c_ = 0; c_ < (p)->depth; ++c_) {                                                          \
                    ACC acc_ = (INIT);                                                                                 \
                    for (int32_t fy_ = y_.first; fy_ < y_.end; ++fy_) {                                                \
                        const T *row_ = image_ + ((y_.origin + fy_) * (p)->input_width) * (p)->depth + c_;             \
                        for (int32_t fx_ = x_.first; fx_ < x_.end; ++fx_) {                                            \
                            acc_ = ACCUMULATE(acc_, row_[(x_.origin + fx_) * (p)->depth]);                             \
                        }                                                                                              \
                    }                                                                                                  \
                    *(output)++ = FINISH((p), acc_, (y_.end - y_.first) * (x_.end - x_.first));                        \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }

/* The backends' walk: for every output position (batch, row, column) in order, the statement `...` with `y` and
 * `x` the window's row and column spans and `window` its first value (of type T) inside the input (channel 0), then
 * `output` moves on by depth. width and depth: p's input_width and depth, held by the kernel (its stores may alias
 * p). */
#define MG_POOL_2D_WINDOWS(T, p, input, output, width, depth, y, x, window, ...)                                       \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                                    \
        const T *image_ = (input) + b_ * (p)->input_height * (width) * (depth);                                        \
        for (int32_t oy_ = 0; oy_ < (p)->output_height; ++oy_) {                                                       \
            const mg_pool_span y = mg_pool_rows((p), oy_);                                                             \
            for (int32_t ox_ = 0; ox_ < (p)->output_width; ++ox_, (output) += (depth)) {                               \
                const mg_pool_span x = mg_pool_cols((p), ox_);                                                         \
                const T *window = image_ + ((y.origin + y.first) * (width) + x.origin + x.first) * (depth);            \
                __VA_ARGS__                                                                                            \
            }                                                                                                          \
        }                                                                                                              \
    }
#define MG_POOL_2D_S8_WINDOWS(...) MG_POOL_2D_WINDOWS(int8_t, __VA_ARGS__)

/* Inside MG_POOL_2D_WINDOWS: `x` (const T *) at every tap of the window (rows of `y`, columns of `xs`), from `row`,
 * the window's first value of the channels at hand (moved on a row each time). */
#define MG_POOL_2D_TAPS(T, y, xs, row, width, depth, x, ...)                                                           \
    for (int32_t fy_ = (y).first; fy_ < (y).end; ++fy_, (row) += (width) * (depth)) {                                  \
        const T *x = (row);                                                                                            \
        for (int32_t fx_ = (xs).first; fx_ < (xs).end; ++fx_, x += (depth)) {                                          \
            __VA_ARGS__                                                                                                \
        }                                                                                                              \
    }
#define MG_POOL_2D_S8_TAPS(...) MG_POOL_2D_TAPS(int8_t, __VA_ARGS__)

/* Defines mg_register_<name>_<backend>, a backend's int8 and int16 kernels of one pool on the family's prepare:
 * the kernel by the node's type (the generator gives a backend no float32 node). */
#define MG_REGISTER_POOL_2D_BACKEND(name, backend)                                                                     \
    static mg_status name##_##backend##_invoke(mg_node *node)                                                          \
    {                                                                                                                  \
        const mg_tensor *input = mg_input(node, 0);                                                                    \
        void *output = mg_output(node, 0)->data;                                                                       \
        if (input->type == MG_INT8) {                                                                                  \
            mg_##name##_s8_##backend(node->params, input->data, output);                                               \
        } else if (input->type == MG_INT16) {                                                                          \
            mg_##name##_s16_##backend(node->params, input->data, output);                                              \
        } else {                                                                                                       \
            return mg_fail(node, "supports int8 and int16 only");                                                      \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_##name##_##backend = {0, 0, mg_pool_2d_prepare, name##_##backend##_invoke}

void mg_average_pool_2d_s8_dsp(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_average_pool_2d_s16_dsp(const mg_pool_2d_params *p, const int16_t *input, int16_t *output);
void mg_max_pool_2d_s8_dsp(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_max_pool_2d_s16_dsp(const mg_pool_2d_params *p, const int16_t *input, int16_t *output);
void mg_average_pool_2d_s8_mve(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_average_pool_2d_s16_mve(const mg_pool_2d_params *p, const int16_t *input, int16_t *output);
void mg_max_pool_2d_s8_mve(const mg_pool_2d_params *p, const int8_t *input, int8_t *output);
void mg_max_pool_2d_s16_mve(const mg_pool_2d_params *p, const int16_t *input, int16_t *output);

#endif
