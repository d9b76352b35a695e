/* TFLite's reference_integer_ops::TransposeConv for int16 activations and int8 filters (zero points 0): the int64
 * scatter into the scratch buffer, then per output element the int64 bias, the channel's requantization by the
 * int64 MultiplyByQuantizedMultiplier and the clamp. */
#include <string.h>

#include "mg_fixedpoint.h"
#include "mg_fixedpoint64.h"
#include "mg_requant.h"
#include "transpose_conv.h"

size_t mg_transpose_conv_s16_scratch_size(int32_t output_elements)
{
    return (size_t)output_elements * sizeof(int64_t);
}

void mg_transpose_conv_s16(const mg_transpose_conv_params *p, const int16_t *input, const int8_t *filter,
                           const uint8_t *filter_scales, const int64_t *bias64, const int16_t *bias16, int16_t *output,
                           int64_t *scratch)
{
    const mg_conv_geometry *g = &p->geometry;
#define S16_PRODUCT(x, w) (int32_t)(x) * (w)
    memset(scratch, 0, (size_t)mg_conv_output_elements(g) * sizeof(int64_t));
    MG_TRANSPOSE_CONV_SCATTER(g, input, filter, scratch, int64_t, S16_PRODUCT)
#undef S16_PRODUCT
    const int32_t depth = g->output_depth, pixels = mg_conv_output_elements(g) / depth;
    for (int32_t o = 0; o < depth; ++o) {
        int32_t multiplier, shift;
        mg_requant_channel(p->input_scale, p->output_scale, filter_scales, p->per_channel, o, &multiplier, &shift);
        const int64_t bias = bias64 ? bias64[o] : (bias16 ? bias16[o] : 0);
        for (int32_t i = o; i < pixels * depth; i += depth) {
            const int32_t scaled = mg_multiply_by_quantized_multiplier_64(scratch[i] + bias, multiplier, shift);
            output[i] = (int16_t)mg_clamp(scaled, p->act_min, p->act_max);
        }
    }
}
