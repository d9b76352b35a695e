/* MAXIMUM, int8, dsp backend: maximum_minimum_dsp.h's rows. */
#include "maximum_minimum_dsp.h"

MG_DSP_MAXIMUM_MINIMUM_ROWS(row, int8_t, 4, dsp_max_s8x4, MG_MAXIMUM_STEP)

void mg_maximum_s8_dsp(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_MAXIMUM_MINIMUM_ROWS(int8_t, p, input1, input2, output, row_both, row_one, MG_MAXIMUM_STEP);
}
