/* int16 MUL in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite's reference MulElementwise /
 * BroadcastMul6DSlow on int16 (mul_s16.c): the walk and element of mg_mul_dsp.h, the requantization in four
 * instructions for a right shift (MG_MUL_S16; every shift but 0), else in one multiply-accumulate and shift
 * (mg_requantizer). */
#pragma GCC optimize("O2")
#include "mg_mul_dsp.h"

static inline __attribute__((always_inline)) void walk(const mg_mul_params *p, const mg_mul_dsp_consts *k,
                                                       const int16_t *input1, const int16_t *input2, int16_t *output,
                                                       int mode, int full_range)
{
    MG_MUL_DSP_WALK(int16_t, p, k, input1, input2, output, mode, 16, full_range);
}

void mg_mul_s16_dsp(const mg_mul_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    const mg_mul_dsp_consts k = mg_mul_dsp_consts_make(p);
    const int fast = p->output_shift <= -1 && p->output_shift >= -31;
    if (fast && p->act_min == INT16_MIN && p->act_max == INT16_MAX) {
        walk(p, &k, input1, input2, output, MG_MUL_S16, 1);
    } else if (fast) {
        walk(p, &k, input1, input2, output, MG_MUL_S16, 0);
    } else {
        walk(p, &k, input1, input2, output, MG_MUL_EXACT, 0);
    }
}
