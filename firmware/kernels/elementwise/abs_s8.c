/* ABS, int8: TFLite Micro's elementwise.cc AbsEvalQuantized<int8_t>. */
#include "elementwise.h"
#include "mg_fixedpoint.h"

void mg_abs_s8(const mg_elementwise_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        int32_t value = input[i] - p->input_offset;
        value = value < 0 ? -value : value;
        if (p->needs_rescale) {
            value = mg_multiply_by_quantized_multiplier(value, p->multiplier, p->shift);
        }
        output[i] = (int8_t)mg_clamp(value + p->output_offset, INT8_MIN, INT8_MAX);
    }
}
