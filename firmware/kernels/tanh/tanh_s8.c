/* int8 TANH as TFLite's reference_integer_ops::Tanh: the centered input as Q4.27, gemmlowp's fixed-point
 * tanh (Q0.31), rounded to Q0.7. Element-wise: the output may overwrite the input. */
#include "mg_fixedpoint_exp.h"
#include "tanh.h"

#define OUTPUT_FRACTIONAL_BITS 7

static inline int32_t output_of(int32_t y_q0)
{
    return mg_clamp(mg_rounding_divide_by_pot(y_q0, 31 - OUTPUT_FRACTIONAL_BITS), INT8_MIN, INT8_MAX);
}

void mg_tanh_s8(const mg_tanh_params *p, const int8_t *input, int8_t *output)
{
    MG_ACTIVATION_S8(p, input, output, mg_fxp_tanh, output_of)
}
