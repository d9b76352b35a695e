/* DIV, float32: TFLite's reference_ops::Div / BroadcastDivSlow<float> (TFLite Micro's div.cc). */
#include "div.h"
#include "mg_binary_loop.h"

/* ActivationFunctionWithMinMax: std::max with the lower bound, then std::min with the upper one */
#define STEP(a, b) clamp_f32((a) / (b), p->act_min_f, p->act_max_f)

static float clamp_f32(float v, float lo, float hi)
{
    v = v < lo ? lo : v;
    return hi < v ? hi : v;
}

void mg_div_f32(const mg_div_params *p, const float *input1, const float *input2, float *output)
{
    MG_BINARY_LOOP(p, input1, input2, output, STEP);
}
