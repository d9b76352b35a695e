/* The dsp FULLY_CONNECTED kernels' requantization of one output's sum (int8 and int4 weights): TFLite's
 * MultiplyByQuantizedMultiplier plus the output zero point, for either sign of the shift, in mg_dsp_requant.h's
 * branch-free form (dsp_requant_entry) where it is exact, else the general one (mg_fixedpoint.h, exact for every
 * int32 sum). The fast form is exact exactly when the entry's left shift loses no bit of the sum; when the generator
 * proved that for every sum the node can make (dsp_fully_connected.py), `checked` is 0 and the kernel skips the
 * test. Below it, both kernels' output stage: one output, or a block's four. */
#ifndef FULLY_CONNECTED_DSP_REQUANT_H
#define FULLY_CONNECTED_DSP_REQUANT_H

#include "mg_dsp_requant.h"
#include "mg_fixedpoint.h"

static inline __attribute__((always_inline)) int32_t mg_fully_connected_dsp_requant(int32_t sum, const int32_t *rq,
                                                                                    int32_t checked, int32_t zero_point)
{
    const int32_t left = rq[2];
    if (!checked || (int32_t)((uint32_t)sum << left) >> left == sum) {
        return dsp_requant_entry(sum, rq);
    }
    return mg_requantize(sum, rq[0], left - 1 - rq[3]) + zero_point;
}

/* The node's output constants, in locals: the outputs are int8 stores, which the compiler must assume change the
 * parameters' words, so reading those per output would reload them. */
typedef struct {
    int32_t act_min, act_max, checked, zero_point, step;
} mg_fc_dsp_outputs;

/* One output from its sum; rq: its requantization entry (above). */
static inline int8_t mg_fc_dsp_output(int32_t acc, const int32_t *rq, const mg_fc_dsp_outputs *c)
{
    return (int8_t)dsp_clamp(mg_fully_connected_dsp_requant(acc, rq, c->checked, c->zero_point), c->act_min,
                             c->act_max);
}

static inline int32_t mg_fc_dsp_at_least(int32_t v, int32_t low)
{
    return v < low ? low : v;
}

/* A block's four sums into out[0..3]: the proved-exact form without the per-sum test when the generator allows. */
static inline __attribute__((always_inline)) void mg_fc_dsp_four_outputs(int8_t *out, const int32_t *acc,
                                                                         const int32_t *rq, const mg_fc_dsp_outputs *c)
{
    if (c->checked) {
        for (int32_t r = 0; r < 4; ++r) {
            out[r] = mg_fc_dsp_output(acc[r], rq + r * c->step, c);
        }
        return;
    }
    if (c->step) {
        for (int32_t r = 0; r < 4; ++r) {
            out[r] = (int8_t)dsp_clamp(dsp_requant_entry(acc[r], rq + r * c->step), c->act_min, c->act_max);
        }
        return;
    }
    const int32_t entry[5] = {rq[0], rq[1], rq[2], rq[3], rq[4]}; /* one for all four: loaded once */
    const int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    if (c->act_max == 127) { /* no activation or ReLU: SSAT, then the minimum alone */
        const int32_t low = c->act_min;
        out[0] = (int8_t)mg_fc_dsp_at_least(dsp_ssat8(dsp_requant_entry(a0, entry)), low);
        out[1] = (int8_t)mg_fc_dsp_at_least(dsp_ssat8(dsp_requant_entry(a1, entry)), low);
        out[2] = (int8_t)mg_fc_dsp_at_least(dsp_ssat8(dsp_requant_entry(a2, entry)), low);
        out[3] = (int8_t)mg_fc_dsp_at_least(dsp_ssat8(dsp_requant_entry(a3, entry)), low);
        return;
    }
    out[0] = (int8_t)dsp_clamp(dsp_requant_entry(a0, entry), c->act_min, c->act_max);
    out[1] = (int8_t)dsp_clamp(dsp_requant_entry(a1, entry), c->act_min, c->act_max);
    out[2] = (int8_t)dsp_clamp(dsp_requant_entry(a2, entry), c->act_min, c->act_max);
    out[3] = (int8_t)dsp_clamp(dsp_requant_entry(a3, entry), c->act_min, c->act_max);
}

#endif
