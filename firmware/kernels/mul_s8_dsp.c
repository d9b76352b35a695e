/* int8 MUL in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite's reference MulElementwise /
 * BroadcastMul6DSlow (mul_s8.c): the walk and element of mg_mul_dsp.h, the requantization in three instructions
 * (the generator claims only the nodes for which that is exact, ops/dsp_mul.py). */
#pragma GCC optimize("O2")
#include "mg_mul_dsp.h"

static inline __attribute__((always_inline)) void walk(const mg_mul_params *p, const mg_mul_dsp_consts *k,
                                                       const int8_t *input1, const int8_t *input2, int8_t *output,
                                                       int mode, int full_range)
{
    MG_MUL_DSP_WALK(int8_t, p, k, input1, input2, output, mode, 8, full_range);
}

void mg_mul_s8_dsp(const mg_mul_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const mg_mul_dsp_consts k = mg_mul_dsp_consts_make(p);
    const int full_range = p->act_min == INT8_MIN && p->act_max == INT8_MAX;
    const int mode = p->output_shift < 0 ? MG_MUL_RIGHT : MG_MUL_LEFT;
    if (mode == MG_MUL_RIGHT && full_range) {
        walk(p, &k, input1, input2, output, MG_MUL_RIGHT, 1);
    } else if (mode == MG_MUL_RIGHT) {
        walk(p, &k, input1, input2, output, MG_MUL_RIGHT, 0);
    } else {
        walk(p, &k, input1, input2, output, MG_MUL_LEFT, 0);
    }
}
