/* int8 LOGISTIC as TFLite's reference_integer_ops::Logistic: the centered input as Q4.27, gemmlowp's
 * fixed-point logistic (Q0.31), rounded to Q0.8 and offset by -128. Element-wise: the output may overwrite
 * the input. */
#include "logistic.h"
#include "mg_fixedpoint_exp.h"

#define OUTPUT_INTEGER_BITS 8

static inline int32_t output_of(int32_t y_q0)
{
    return mg_clamp(mg_rounding_divide_by_pot(y_q0, 31 - OUTPUT_INTEGER_BITS) - 128, INT8_MIN, INT8_MAX);
}

void mg_logistic_s8(const mg_logistic_params *p, const int8_t *input, int8_t *output)
{
    MG_ACTIVATION_S8(p, input, output, mg_fxp_logistic, output_of)
}
