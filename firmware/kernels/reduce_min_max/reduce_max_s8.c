/* REDUCE_MAX, int8: TFLite's reference_ops::ReduceGeneric with TFLite Micro's MinMaxReducerCompare
 * (reduce_common.cc). */
#include "reduce_min_max.h"

void mg_reduce_max_s8(const mg_reduce_min_max_params *p, const int8_t *input, int8_t *output)
{
    MG_REDUCE_LOOP(p, input, output, INT8_MIN, MG_REDUCE_GREATER);
}
