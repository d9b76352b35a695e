/* The float CONV_2D body both float kernels instantiate: float32 weights (conv_2d_f32.c) and float16 weights
 * kept in flash (conv_2d_f16.c), mg_conv_float.h over groups of filter_input_depth input channels. */
#ifndef MG_CONV_2D_FLOAT_H
#define MG_CONV_2D_FLOAT_H

#include "conv_2d.h"
#include "mg_conv_float.h"

static inline __attribute__((always_inline)) void mg_conv_2d_float(const mg_conv_2d_params *p, const float *input,
                                                                   const void *filter, int half, const float *bias,
                                                                   float *output)
{
    const int32_t group_depth = p->filter_input_depth, filter_row = p->geometry.filter_width * group_depth;
    const mg_conv_float_layout layout = {
        p->geometry.output_depth / p->filters_per_group,
        p->filters_per_group,
        group_depth,
        group_depth,
        p->geometry.filter_height * filter_row,
        filter_row,
        group_depth,
        p->act_min_f,
        p->act_max_f,
    };
    mg_conv_float(&p->geometry, &layout, input, filter, half, bias, output);
}

#endif
