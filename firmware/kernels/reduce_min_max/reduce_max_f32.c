/* REDUCE_MAX, float: TFLite's reference_ops::ReduceGeneric with TFLite Micro's MinMaxReducerCompare
 * (reduce_common.cc). */
#include <float.h>

#include "reduce_min_max.h"

void mg_reduce_max_f32(const mg_reduce_min_max_params *p, const float *input, float *output)
{
    MG_REDUCE_LOOP(p, input, output, -FLT_MAX, MG_REDUCE_GREATER);
}
