#include "shape.h"

void mg_shape_s32(const mg_shape_params *p, const int32_t *input_dims, int32_t *output)
{
    for (int32_t i = 0; i < p->num_dims; ++i) {
        output[i] = input_dims[i];
    }
}
