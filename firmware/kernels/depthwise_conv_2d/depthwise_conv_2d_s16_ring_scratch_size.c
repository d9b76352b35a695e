/* The scratch of the 16x8 depthwise backends (mg_dw_ring_s16.h), in its own file so that the planner's host
 * library (generator/catalog/ops/_scratch.py) compiles it without the kernels' runtime calls. */
#include "depthwise_conv_2d.h"
#include "mg_dw_ring_s16.h"

size_t mg_depthwise_conv_2d_s16_ring_scratch_size(int32_t input_depth, int32_t output_depth, int32_t filter_height,
                                                  int32_t dilation_height, int32_t output_width, int32_t stride_width,
                                                  int32_t filter_width, int32_t dilation_width)
{
    const size_t width = (size_t)mg_dw_ring_width(output_width, stride_width, filter_width, dilation_width);
    const size_t slots = 2u * (size_t)mg_dw_ring_span(filter_height, dilation_height);
    const mg_conv_geometry g = {.output_depth = output_depth,
                                .filter_height = filter_height,
                                .filter_width = filter_width,
                                .stride_width = stride_width,
                                .dilation_height = dilation_height,
                                .dilation_width = dilation_width};
    const size_t pairs = (size_t)mg_dw_ring_weight_table_words(&g);
    const size_t channel = sizeof(mg_dsp_s16_channel) + MG_DW_RING_FUSED_WORDS * sizeof(uint32_t);
    return (size_t)output_depth * channel + width * sizeof(int32_t) + pairs * sizeof(uint32_t) +
           slots * (size_t)input_depth * width * sizeof(int16_t);
}
