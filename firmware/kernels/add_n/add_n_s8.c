/* ADD_N, int8: TFLite's reference_ops::AddN with ArithmeticParams (TFLite Micro's add_n.cc). */
#include "add_n.h"
#include "mg_fixedpoint.h"

static int32_t rescaled(const mg_add_n_params *p, int32_t offset_value)
{
    return mg_multiply_by_quantized_multiplier(offset_value * (1 << p->left_shift), p->input_multiplier,
                                               p->input_shift);
}

void mg_add_n_s8(const mg_add_n_params *p, const int8_t *const *inputs, int32_t num_inputs, int8_t *output)
{
    const int32_t start = rescaled(p, p->input_offset); /* TFLite starts the sum here, not at 0 */
    for (int32_t i = 0; i < p->count; ++i) {
        int32_t sum = start;
        for (int32_t j = 0; j < num_inputs; ++j) {
            sum += rescaled(p, p->input_offset + inputs[j][i]);
        }
        const int32_t out =
            mg_multiply_by_quantized_multiplier(sum, p->output_multiplier, p->output_shift) + p->output_offset;
        output[i] = (int8_t)mg_clamp(out, INT8_MIN, INT8_MAX);
    }
}
