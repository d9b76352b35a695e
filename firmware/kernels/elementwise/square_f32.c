/* SQUARE, float32: f * f as TFLite Micro's elementwise.cc SquareEval. */
#include "elementwise.h"

void mg_square_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = input[i] * input[i];
    }
}
