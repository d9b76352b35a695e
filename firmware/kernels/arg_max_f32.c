#include "arg_max.h"

void mg_arg_max_f32(const mg_arg_max_params *p, const float *input, int32_t *output)
{
    for (int32_t outer = 0; outer < p->outer_size; ++outer) {
        const float *slice = input + outer * p->axis_size * p->inner_size;
        for (int32_t inner = 0; inner < p->inner_size; ++inner) {
            float best = slice[inner];
            int32_t index = 0;
            for (int32_t i = 1; i < p->axis_size; ++i) {
                const float value = slice[i * p->inner_size + inner];
                if (value > best) { /* strictly greater: the first maximum wins */
                    best = value;
                    index = i;
                }
            }
            *output++ = index;
        }
    }
}
