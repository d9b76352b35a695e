/* The sigmoid table of the int16 LOGISTIC and TANH kernels (mg_sigmoid_table.c). */
#ifndef MG_SIGMOID_TABLE_H
#define MG_SIGMOID_TABLE_H

#include <stdint.h>

#define MG_SIGMOID_TABLE_SIZE 256

/* sigmoid(i / 24) in Q16 for i = 0 .. 255, tuned for linear interpolation between entries */
extern const uint16_t mg_sigmoid_table_q16[MG_SIGMOID_TABLE_SIZE];

/* The int16 input step of LOGISTIC and TANH: the input rescaled to the table's scale 1 / (3 * 4096), as
 * ((x * multiplier + round) >> left_shift) with the multiplier and shift the generator computed. */
static inline int32_t mg_sigmoid_input_s16(int16_t x, int32_t multiplier, int32_t left_shift)
{
    const int32_t round = left_shift > 0 ? 1 << (left_shift - 1) : 0;
    return (x * multiplier + round) >> left_shift;
}

#endif
