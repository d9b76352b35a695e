/* FLOOR_MOD, float32: TFLite's reference_ops::FloorMod, fmod(a, b) moved into b's sign (TFLite Micro's
 * floor_mod.cc). */
#include <math.h>

#include "floor_mod.h"
#include "mg_binary_loop.h"

static float floor_mod(float a, float b)
{
    const float trunc_mod = fmodf(a, b);
    return (trunc_mod != 0.0f && ((b < 0.0f) != (trunc_mod < 0.0f))) ? trunc_mod + b : trunc_mod;
}

void mg_floor_mod_f32(const mg_floor_mod_params *p, const float *input1, const float *input2, float *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, floor_mod);
}
