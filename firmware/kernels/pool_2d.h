/* The pooling family (AVERAGE_POOL_2D, MAX_POOL_2D; NHWC), shared by every backend: the parameters TFLite
 * Micro's PoolingPrepare computes (output size, padding, activation range), the node check, and the filter
 * window clipped to the input that every pooling kernel walks. */
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
    int32_t padding_height;    /* top/left padding, as TFLite's ComputePaddingHeightWidth gives it */
    int32_t padding_width;
    int32_t act_min;           /* int8: the fused activation as a quantized range */
    int32_t act_max;
    float act_min_f;           /* float32: the fused activation range */
    float act_max_f;
} mg_pool_2d_params;

/* Checks the node's tensors against the parameters: int8 or float32 (the reference kernels)... */
mg_status mg_pool_2d_prepare(mg_node *node);
/* ... or int8 only (the backends). */
mg_status mg_pool_2d_prepare_s8(mg_node *node);

/* One axis of an output position's filter window: the input coordinate of tap 0 (negative in the padding) and
 * the taps [first, end) that fall inside the input. */
typedef struct {
    int32_t origin;
    int32_t first;
    int32_t end;
} mg_pool_span;

static inline mg_pool_span mg_pool_span_of(int32_t out, int32_t stride, int32_t padding, int32_t filter,
                                           int32_t size)
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

#endif
