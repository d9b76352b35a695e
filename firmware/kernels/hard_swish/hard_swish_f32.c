#include "hard_swish.h"

void mg_hard_swish_f32(const mg_hard_swish_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const float x = input[i];
        const float shifted = x + 3.0f;
        const float lower = 0.0f < shifted ? shifted : 0.0f; /* std::max(0.0f, x + 3) */
        const float clamped = lower < 6.0f ? lower : 6.0f;   /* std::min(6.0f, ...) */
        output[i] = x * clamped / 6.0f;
    }
}
