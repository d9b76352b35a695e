#include "arg_max.h"

void mg_arg_max_s8(const mg_arg_max_params *p, const int8_t *input, int32_t *output)
{
    for (int32_t outer = 0; outer < p->outer_size; ++outer) {
        const int8_t *slice = input + outer * p->axis_size * p->inner_size;
        for (int32_t inner = 0; inner < p->inner_size; ++inner) {
            int8_t best = slice[inner];
            int32_t index = 0;
            for (int32_t i = 1; i < p->axis_size; ++i) {
                const int8_t value = slice[i * p->inner_size + inner];
                if (value > best) { /* strictly greater: the first maximum wins */
                    best = value;
                    index = i;
                }
            }
            *output++ = index;
        }
    }
}
