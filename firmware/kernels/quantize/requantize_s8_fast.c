/* QUANTIZE int8 or int16 -> int8 on the dsp and mve backends (Cortex-M4/M7/M33, Cortex-M55): TFLite's Requantize,
 * MultiplyByQuantizedMultiplier of x - input zero point plus the output zero point, clamped, in mg_dsp_requant.h's
 * branch-free form (dsp_requant_entry: SMMLAR and shifts, for either sign of the shift), which the generator claims
 * only where it is exact for every input (dsp_quantize.py), then one SSAT: about eight instructions an element
 * instead of the reference's general 64-bit rounding. */
#pragma GCC optimize("O2")
#include "mg_dsp_requant.h"
#include "quantize.h"

void mg_requantize_s8_fast(const mg_quantize_fast_params *p, const void *input, int8_t *output)
{
    const int32_t count = p->count, zero_point = p->input_zero_point;
    const int32_t rq[5] = {p->requant[0], p->requant[1], p->requant[2], p->requant[3], p->requant[4]};
    if (p->input_bytes == 2) {
        const int16_t *x = input;
        for (int32_t i = 0; i < count; ++i) {
            output[i] = (int8_t)dsp_ssat8(dsp_requant_entry(x[i] - zero_point, rq));
        }
    } else {
        const int8_t *x = input;
        for (int32_t i = 0; i < count; ++i) {
            output[i] = (int8_t)dsp_ssat8(dsp_requant_entry(x[i] - zero_point, rq));
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_quantize_fast_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count || !p->requant) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    const int input_ok = p->input_bytes == 2 ? input->type == MG_INT16 : input->type == MG_INT8;
    return input_ok && output->type == MG_INT8 ? MG_OK
                                               : mg_fail(node, "this QUANTIZE converts int8 or int16 to int8 only");
}

static mg_status invoke(mg_node *node)
{
    mg_requantize_s8_fast(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

/* one kernel, registered for each backend that runs it */
const mg_registration mg_register_quantize_dsp = {0, 0, prepare, invoke};
const mg_registration mg_register_quantize_mve = {0, 0, prepare, invoke};
