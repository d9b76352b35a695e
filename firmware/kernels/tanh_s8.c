/* int8 TANH as TFLite's reference_integer_ops::Tanh: the centered input as Q4.27, gemmlowp's fixed-point
 * tanh (Q0.31), rounded to Q0.7. Element-wise: the output may overwrite the input. */
#include "mg_fixedpoint_exp.h"
#include "tanh.h"

#define INPUT_INTEGER_BITS 4
#define OUTPUT_FRACTIONAL_BITS 7

void mg_tanh_s8(const mg_tanh_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        int32_t x_q4, value;
        if (mg_activation_input_q4(p, input[i], &x_q4, &value)) {
            const int32_t y_q0 = mg_fxp_tanh(x_q4, INPUT_INTEGER_BITS);
            value = mg_clamp(mg_rounding_divide_by_pot(y_q0, 31 - OUTPUT_FRACTIONAL_BITS), INT8_MIN, INT8_MAX);
        }
        output[i] = (int8_t)value;
    }
}
