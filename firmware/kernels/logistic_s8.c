/* int8 LOGISTIC as TFLite's reference_integer_ops::Logistic: the centered input as Q4.27, gemmlowp's
 * fixed-point logistic (Q0.31), rounded to Q0.8 and offset by -128. Element-wise: the output may overwrite
 * the input. */
#include "logistic.h"
#include "mg_fixedpoint_exp.h"

#define INPUT_INTEGER_BITS 4
#define OUTPUT_INTEGER_BITS 8

void mg_logistic_s8(const mg_logistic_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        int32_t x_q4, value;
        if (mg_activation_input_q4(p, input[i], &x_q4, &value)) {
            const int32_t y_q0 = mg_fxp_logistic(x_q4, INPUT_INTEGER_BITS);
            const int32_t y = mg_rounding_divide_by_pot(y_q0, 31 - OUTPUT_INTEGER_BITS);
            value = mg_clamp(y - 128, INT8_MIN, INT8_MAX);
        }
        output[i] = (int8_t)value;
    }
}
