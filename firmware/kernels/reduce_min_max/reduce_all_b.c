/* REDUCE_ALL, bool: TFLite's reference_ops::ReduceGeneric with TFLite Micro's `in && current` from true
 * (reduce_common.cc); on 0/1 bytes that is the minimum, so the walk is REDUCE_MIN's. */
#include "reduce_min_max.h"

void mg_reduce_all_b(const mg_reduce_min_max_params *p, const uint8_t *input, uint8_t *output)
{
    MG_REDUCE_LOOP(p, input, output, 1, MG_REDUCE_LESS);
}
