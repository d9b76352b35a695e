/* FLOOR_DIV, float32: TFLite's reference_ops::FloorDiv, floor(double(a) / double(b)) narrowed to float
 * (TFLite Micro's floor_div.cc). */
#include <math.h>

#include "floor_div.h"
#include "mg_binary_loop.h"

static float floor_div(float a, float b)
{
    return (float)floor((double)a / (double)b);
}

mg_status mg_floor_div_f32(const mg_floor_div_params *p, const float *input1, const float *input2, float *output)
{
    for (int32_t i = 0; i < p->input2_count; ++i) {
        if (input2[i] == 0.0f) {
            return MG_ERROR;
        }
    }
    MG_BINARY_LOOP(p, input1, input2, output, floor_div);
    return MG_OK;
}
