/* The dsp FULLY_CONNECTED kernels' requantization of one output's sum (int8 and int4 weights): TFLite's
 * MultiplyByQuantizedMultiplier plus the output zero point, for either sign of the shift, in mg_dsp_requant.h's
 * branch-free form (dsp_requant_entry) where it is exact, else the general one (mg_fixedpoint.h, exact for every
 * int32 sum). The fast form is exact exactly when the entry's left shift loses no bit of the sum; when the generator
 * proved that for every sum the node can make (dsp_fully_connected.py), `checked` is 0 and the kernel skips the
 * test. */
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

#endif
