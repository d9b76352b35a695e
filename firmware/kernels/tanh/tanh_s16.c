/* int16 TANH: TFLite's reference_integer_ops::Tanh for int16 (TFLite Micro's tanh.cc; zero points 0, output
 * scale 2^-15), from the sigmoid table as tanh(x) = 2 sigmoid(2x) - 1: the input rescaled to the table's scale,
 * linear interpolation on |x| in steps of 2^8, mirrored for negative inputs, rounded back to Q15. */
#include "mg_sigmoid_table.h"
#include "tanh.h"

void mg_tanh_s16(const mg_tanh_params *p, const int16_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t x = mg_sigmoid_input_s16(input[i], p->input_multiplier, p->input_left_shift);
        const uint32_t magnitude = (uint32_t)(x < 0 ? -x : x);
        const uint32_t step = magnitude >> 8;
        int32_t result = 0xFFFF << 8; /* saturated */
        if (step < MG_SIGMOID_TABLE_SIZE - 1) {
            const uint32_t low = mg_sigmoid_table_q16[step], high = mg_sigmoid_table_q16[step + 1];
            result = (int32_t)((low << 8) + (magnitude & 0xFFu) * (high - low));
        }
        result = x >= 0 ? result - (1 << 23) + (1 << 7) : -result + (1 << 23) + (1 << 7) - 1;
        output[i] = (int16_t)(result >> 8);
    }
}
