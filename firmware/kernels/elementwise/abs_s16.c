/* ABS, int16: TFLite Micro's elementwise.cc AbsEvalQuantized<int16_t> (zero points 0), or AbsHelper for an
 * unquantized tensor, where |-32768| wraps back to -32768 as std::abs's int result cast to int16 does. */
#include "elementwise.h"
#include "mg_fixedpoint.h"

void mg_abs_s16(const mg_elementwise_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        int32_t value = input[i] - p->input_offset;
        value = value < 0 ? -value : value;
        if (!p->quantized) {
            output[i] = (int16_t)(uint16_t)value;
            continue;
        }
        if (p->needs_rescale) {
            value = mg_multiply_by_quantized_multiplier(value, p->multiplier, p->shift);
        }
        output[i] = (int16_t)mg_clamp(value + p->output_offset, INT16_MIN, INT16_MAX);
    }
}
