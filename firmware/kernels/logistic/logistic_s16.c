/* int16 LOGISTIC: TFLite's reference_integer_ops::Logistic for int16 (TFLite Micro's logistic.cc; zero points 0,
 * output scale 2^-15): the input rescaled to the table's scale, then linear interpolation in the sigmoid table
 * on |x| in steps of 2^9, mirrored for negative inputs, rounded back to Q15. */
#include "logistic.h"
#include "mg_sigmoid_table.h"

void mg_logistic_s16(const mg_logistic_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t x = mg_sigmoid_input_s16(input[i], p->input_multiplier, p->input_left_shift);
        const uint32_t magnitude = (uint32_t)(x < 0 ? -x : x);
        const uint32_t step = magnitude >> 9;
        uint32_t result = 0x7FFFu << 10; /* saturated */
        if (step < MG_SIGMOID_TABLE_SIZE - 1) {
            const uint32_t low = mg_sigmoid_table_q16[step], high = mg_sigmoid_table_q16[step + 1];
            result = (low << 9) + (magnitude & 0x1FFu) * (high - low);
        }
        result = x >= 0 ? result + (1u << 9) : (1u << 25) - result + (1u << 9) - 1u;
        output[i] = (int16_t)(result >> 10);
    }
}
