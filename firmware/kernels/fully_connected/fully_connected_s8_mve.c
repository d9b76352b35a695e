#pragma GCC optimize("O3")
#include "fully_connected.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_matmul.h"

void mg_fully_connected_s8_mve(const mg_fully_connected_mve_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output)
{
    mve_rows_args a;
    mve_rows_init(&a, weights, p->table, p->shape.accum_depth, p->shape.output_depth, p->output_offset, p->act_min,
                  p->act_max);
    a.x = input;
    a.out = output;
    a.rows = p->shape.batches;
    a.row_stride = p->shape.accum_depth;
    if (p->uniform) {
        a.uniform_multiplier = p->uniform_multiplier;
        a.uniform_neg_shift = p->uniform_neg_shift;
        mg_matmul_rows_uniform_s8_mve(&a);
    } else {
        mve_rows(&a, p->left_shift);
    }
}

#endif
