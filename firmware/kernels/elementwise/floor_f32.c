/* FLOOR, float32: std::floor as TFLite's reference_ops::Floor. */
#include <math.h>

#include "elementwise.h"

void mg_floor_f32(const mg_elementwise_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float v = input[i];
        output[i] = floorf(v);
    }
}
