/* FULLY_CONNECTED for the dsp backend (Cortex-M4/M7/M33), int8, bit-exact with TFLite Micro's reference kernel.
 * Four weight rows (read in place from the model) at a time against the input row: per 4 inputs one LDR and two
 * SXTB16 of the input, then per row one LDR, two SXTB16 and two SMLAD. The input stays int8: its offset is
 * folded into the bias by the generator (sum w * (x + offset) = sum w * x + offset * sum w). */
#ifndef MG_DSP_FULLY_CONNECTED_H
#define MG_DSP_FULLY_CONNECTED_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t batches;
    int32_t accum_depth;
    int32_t output_depth;
    int32_t act_min;          /* the fused activation as a quantized range */
    int32_t act_max;
    const int32_t *channels;  /* per output a dsp_channel (dsp_requant.h): bias + input_offset * sum w, ... */
} mg_fully_connected_dsp_params;

/* Scratch: with more than one block of four rows, the input row's SXTB16 pairs (accum_depth rounded down to 8,
 * as int16), so that each block loads them with one LDRD per 4 inputs; without scratch, each block unpacks them. */
size_t mg_fully_connected_dsp_scratch_size(const mg_fully_connected_dsp_params *p);
void mg_fully_connected_s8_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output, void *scratch);

extern const mg_registration mg_register_fully_connected_dsp;

#endif
