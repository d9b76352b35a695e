/* int8 HARD_SWISH, the integer steps of TFLite's reference_ops::HardSwish<int8_t> with gemmlowp's 16-bit
 * fixed-point primitives. Every intermediate is an int16_t, truncated where TFLite's is. */
#include "hard_swish.h"

/* gemmlowp SaturatingRoundingDoublingHighMul for int16: (a * b * 2 + 2^15) >> 16, rounding half away. */
static inline int16_t srdhm16(int16_t a, int16_t b)
{
    if (a == INT16_MIN && b == INT16_MIN) {
        return INT16_MAX;
    }
    const int32_t ab = (int32_t)a * (int32_t)b;
    const int16_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
    return (int16_t)((ab + nudge) / (1 << 15)); /* C division truncates toward zero, as TFLite's */
}

/* TFLite's SaturatingDoublingHighMul: the same without rounding (truncation toward zero). */
static inline int16_t sdhm16(int16_t a, int16_t b)
{
    if (a == INT16_MIN && b == INT16_MIN) {
        return INT16_MAX;
    }
    return (int16_t)(((int32_t)a * (int32_t)b) / (1 << 15));
}

/* gemmlowp RoundingDivideByPOT instantiated for int16: the mask and threshold are int16 values. */
static inline int16_t rounding_divide_by_pot16(int16_t x, int exponent)
{
    const int16_t mask = (int16_t)((1ll << exponent) - 1);
    const int16_t remainder = (int16_t)(x & mask);
    const int16_t threshold = (int16_t)((mask >> 1) + (x < 0 ? 1 : 0));
    return (int16_t)((x >> exponent) + (remainder > threshold ? 1 : 0));
}

/* TFLite's SaturatingLeftShift: value * 2^amount, saturated to int16. */
static inline int16_t saturating_left_shift16(int16_t value, int amount)
{
    const int64_t result = (int64_t)value * (1 << amount);
    return (int16_t)(result > INT16_MAX ? INT16_MAX : (result < INT16_MIN ? INT16_MIN : result));
}

void mg_hard_swish_s8(const mg_hard_swish_params *p, const int8_t *input, int8_t *output)
{
    const int16_t reluish_multiplier = (int16_t)p->reluish_multiplier_fixedpoint_int16;
    const int16_t output_multiplier = (int16_t)p->output_multiplier_fixedpoint_int16;
    const int reluish_exponent = (int)p->reluish_multiplier_exponent;
    for (int32_t i = 0; i < p->count; ++i) {
        const int16_t input_value = (int16_t)(input[i] - p->input_zero_point);
        const int16_t input_on_hires_scale = (int16_t)(input_value * (1 << 7));
        const int16_t input_on_preshift_output_scale = srdhm16(input_on_hires_scale, output_multiplier);
        /* the relu-ish factor: the input rescaled so that 3.0 maps to 32768 (saturating), then [-1, 1] -> [0, 1] */
        int16_t reluish = input_on_hires_scale;
        if (reluish_exponent > 0) {
            reluish = saturating_left_shift16(reluish, reluish_exponent - 1);
        }
        reluish = srdhm16(reluish, reluish_multiplier);
        if (reluish_exponent > 0) {
            reluish = saturating_left_shift16(reluish, 1);
        }
        if (reluish_exponent < 0) {
            reluish = rounding_divide_by_pot16(reluish, -reluish_exponent);
        }
        reluish = (int16_t)((reluish + (1 << 15)) >> 1);
        const int16_t preshift_output = sdhm16(reluish, input_on_preshift_output_scale);
        int16_t out = rounding_divide_by_pot16(preshift_output, -p->output_multiplier_exponent);
        out = (int16_t)(out + p->output_zero_point);
        out = out > INT8_MAX ? INT8_MAX : out;
        output[i] = (int8_t)(out < INT8_MIN ? INT8_MIN : out);
    }
}
