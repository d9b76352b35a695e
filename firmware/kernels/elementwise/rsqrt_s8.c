/* RSQRT, int8: TFLite Micro's elementwise.cc RsqrtEvalQuantized<int8_t>, with TFLite's
 * GetInvSqrtQuantizedMultiplierExp (mg_inv_sqrt.h). */
#include "elementwise.h"
#include "mg_inv_sqrt.h"

#define RSQRT_SHIFT 20 /* TFLite's kShift: keeps 1/sqrt(value) an integer before the output rescale */

mg_status mg_rsqrt_s8(const mg_elementwise_params *p, const int8_t *input, int8_t *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t value = input[i] - p->input_offset;
        if (value < 0) {
            return MG_ERROR;
        }
        if (value == 0) { /* values near 0 map to the largest output */
            output[i] = INT8_MAX;
            continue;
        }
        int32_t inv_multiplier, inv_shift;
        mg_inv_sqrt_multiplier(value, &inv_multiplier, &inv_shift);
        const int32_t data = mg_multiply_by_quantized_multiplier(1, inv_multiplier, inv_shift + RSQRT_SHIFT);
        const int32_t out = mg_multiply_by_quantized_multiplier(data, p->multiplier, p->shift - RSQRT_SHIFT);
        output[i] = (int8_t)mg_clamp(out + p->output_offset, INT8_MIN, INT8_MAX);
    }
    return MG_OK;
}
