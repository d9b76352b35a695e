/* MAXIMUM, int16, dsp backend: maximum_minimum_dsp.h's rows. */
#include "maximum_minimum_dsp.h"

MG_DSP_MAXIMUM_MINIMUM_ROWS(row, int16_t, 2, dsp_max_s16x2, MG_MAXIMUM_STEP)

void mg_maximum_s16_dsp(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2,
                        int16_t *output)
{
    MG_MAXIMUM_MINIMUM_ROWS(int16_t, p, input1, input2, output, row_both, row_one, MG_MAXIMUM_STEP);
}
