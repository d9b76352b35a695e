/* CUMSUM, int8: TFLite's quantized reference_ops::CumSum (ArithmeticParams), step for step. */
#include "cumsum.h"
#include "mg_fixedpoint.h"

/* An offset value on the common scale: shifted left, then the input multiplier (one half). */
static inline int32_t scaled(const mg_cumsum_params *p, int32_t value)
{
    return mg_multiply_by_quantized_multiplier(value * (1 << MG_CUMSUM_LEFT_SHIFT), p->input_multiplier,
                                               p->input_shift);
}

void mg_cumsum_s8(const mg_cumsum_params *p, const int8_t *input, int8_t *output)
{
    MG_CUMSUM_FOR_EACH_LINE(p, first, step, {
        int32_t sum = scaled(p, p->input_offset); /* TFLite starts from the scaled input offset, not 0 */
        for (int32_t k = 0, at = first; k < p->axis_size; ++k, at += step) {
            const int32_t value = scaled(p, p->input_offset + input[at]);
            const int32_t before = sum;
            sum = (int32_t)((uint32_t)sum + (uint32_t)value); /* wraps as TFLite's int32 add does in practice */
            const int32_t partial = p->exclusive ? before : sum;
            const int32_t out = mg_multiply_by_quantized_multiplier(partial, p->output_multiplier, p->output_shift);
            output[at] = (int8_t)mg_clamp(out + p->output_offset, INT8_MIN, INT8_MAX);
        }
    })
}
