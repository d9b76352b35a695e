/* ADD for the dsp backend (Cortex-M4/M7/M33), int8, inputs of the output's shape (no broadcasting), bit-exact
 * with TFLite Micro's reference kernel. Each input's rescaling ((x + offset) << 20, then its multiplier) depends
 * on one int8 value, so the generator tabulates it (256 words per input, twice the value, for dsp_requant.h):
 * per element two table lookups, an add and the output requantization. */
#ifndef MG_DSP_ADD_H
#define MG_DSP_ADD_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t count;             /* elements */
    const int32_t *table1;     /* input 1's rescaled value for x = -128..127, doubled */
    const int32_t *table2;
    int32_t output_multiplier; /* the output requantization as in dsp_channel */
    int32_t output_offset;
    int32_t output_shift;
    int32_t act_min;           /* the fused activation as a quantized range */
    int32_t act_max;
} mg_add_dsp_params;

void mg_add_s8_dsp(const mg_add_dsp_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);

extern const mg_registration mg_register_add_dsp;

#endif
