/* The float DEPTHWISE_CONV_2D body both float kernels instantiate: float32 weights (depthwise_conv_2d_f32.c) and
 * float16 weights kept in flash (depthwise_conv_2d_f16.c), mg_conv_float.h with one group per input channel. */
#ifndef MG_DEPTHWISE_CONV_2D_FLOAT_H
#define MG_DEPTHWISE_CONV_2D_FLOAT_H

#include "depthwise_conv_2d.h"
#include "mg_conv_float.h"

static inline __attribute__((always_inline)) void mg_depthwise_conv_2d_float(const mg_depthwise_conv_2d_params *p,
                                                                             const float *input, const void *filter,
                                                                             int half, const float *bias, float *output)
{
    const int32_t out_depth = p->geometry.output_depth;
    const mg_conv_float_layout layout = {
        p->geometry.input_depth,
        p->depth_multiplier,
        1,
        1,
        1,
        p->geometry.filter_width * out_depth,
        out_depth,
        p->act_min_f,
        p->act_max_f,
    };
    mg_conv_float(&p->geometry, &layout, input, filter, half, bias, output);
}

#endif
