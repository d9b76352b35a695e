/* MEAN and SUM, float32: each output's sum from 0 in the input's row-major order, as TFLite's reference Mean
 * and ReduceGeneric add, divided by count_f (SUM: by 1, exactly the sum). */
#include "mean.h"

void mg_mean_f32(const mg_mean_params *p, const float *input, float *output)
{
    MG_MEAN_WALK(p->outer_dims, p->outer_strides, outer_, {
        float sum = 0.0f;
        MG_MEAN_WALK(p->inner_dims, p->inner_strides, inner_, sum += input[outer_ + inner_];)
        *output++ = sum / p->count_f;
    })
}
