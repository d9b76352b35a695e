/* TFLite's reference_ops::TransposeConv (float32): the scatter accumulates in the output itself, then each element
 * gets its bias and the activation clamp. */
#include <string.h>

#include "transpose_conv.h"

void mg_transpose_conv_f32(const mg_transpose_conv_params *p, const float *input, const float *filter,
                           const float *bias, float *output)
{
    const mg_conv_geometry *g = &p->geometry;
#define F32_PRODUCT(x, w) (x) * (w)
    memset(output, 0, (size_t)mg_conv_output_elements(g) * sizeof(float));
    MG_TRANSPOSE_CONV_SCATTER(g, input, filter, output, float, F32_PRODUCT)
#undef F32_PRODUCT
    const int32_t depth = g->output_depth, count = mg_conv_output_elements(g);
    for (int32_t i = 0; i < count; ++i) {
        float total = output[i];
        if (bias) {
            total += bias[i % depth];
        }
        total = total < p->act_min_f ? p->act_min_f : total;
        output[i] = total > p->act_max_f ? p->act_max_f : total;
    }
}
