/* SignalFilterBankLog (TFLite Micro's signal/src/filter_bank_log.cc and log.cc): each channel shifted up by the
 * input correction bits, then output_scale * ln(x) in fixed point, saturated to int16 (0 for x <= 1). log2 is
 * the position of the highest bit plus a 16-bit fraction: the mantissa, corrected by a table of
 * log2(1 + f) - f at 128 points, linearly interpolated. */
#include "signal.h"

#define LOG_SCALE_BITS 16
#define LOG_SEGMENT_BITS 7
#define LN2_Q16 45426 /* ln(2) in 16 fraction bits */

/* round((log2(1 + i / 128) - i / 128) * 65536) for i = 0..128, and one more entry for the last segment's end. */
static const uint16_t log2_correction[130] = {
    0,    224,  442,  654,  861,  1063, 1259, 1450, 1636, 1817, 1992, 2163, 2329, 2490, 2646, 2797, 2944, 3087, 3224,
    3358, 3487, 3611, 3732, 3848, 3960, 4068, 4172, 4272, 4368, 4460, 4549, 4633, 4714, 4791, 4864, 4934, 5001, 5063,
    5123, 5178, 5231, 5280, 5326, 5368, 5408, 5444, 5477, 5507, 5533, 5557, 5578, 5595, 5610, 5622, 5631, 5637, 5640,
    5641, 5638, 5633, 5626, 5615, 5602, 5586, 5568, 5547, 5524, 5498, 5470, 5439, 5406, 5370, 5332, 5291, 5249, 5203,
    5156, 5106, 5054, 5000, 4944, 4885, 4825, 4762, 4697, 4630, 4561, 4490, 4416, 4341, 4264, 4184, 4103, 4020, 3935,
    3848, 3759, 3668, 3575, 3481, 3384, 3286, 3186, 3084, 2981, 2875, 2768, 2659, 2549, 2437, 2323, 2207, 2090, 1971,
    1851, 1729, 1605, 1480, 1353, 1224, 1094, 963,  830,  695,  559,  421,  282,  142,  0,    0,
};

static uint32_t log2_fraction(uint32_t x, uint32_t log2x)
{
    int32_t frac = (int32_t)(x - (1u << log2x));
    if (log2x < LOG_SCALE_BITS) {
        frac = (int32_t)((uint32_t)frac << (LOG_SCALE_BITS - log2x));
    } else {
        frac >>= log2x - LOG_SCALE_BITS;
    }
    const uint32_t segment = (uint32_t)frac >> (LOG_SCALE_BITS - LOG_SEGMENT_BITS);
    const int32_t c0 = log2_correction[segment], c1 = log2_correction[segment + 1];
    const int32_t segment_start = (int32_t)(segment << (LOG_SCALE_BITS - LOG_SEGMENT_BITS));
    const int32_t interpolated = ((c1 - c0) * (frac - segment_start)) >> LOG_SCALE_BITS;
    return (uint32_t)(frac + c0 + interpolated);
}

static uint32_t log_scaled(uint32_t x, uint32_t out_scale)
{
    const uint32_t integer = mg_signal_msb32(x) - 1;
    const uint32_t log2 = (integer << LOG_SCALE_BITS) + log2_fraction(x, integer);
    const uint32_t half = 1u << (LOG_SCALE_BITS - 1);
    const uint32_t ln = (uint32_t)(((uint64_t)LN2_Q16 * log2 + half) >> LOG_SCALE_BITS);
    return (out_scale * ln + half) >> LOG_SCALE_BITS;
}

void mg_signal_filter_bank_log_u32(const mg_signal_filter_bank_log_params *p, const uint32_t *input, int16_t *output)
{
    for (int32_t i = 0; i < p->num_channels; ++i) {
        const uint32_t scaled = input[i] << p->input_correction_bits;
        if (scaled > 1) {
            const uint32_t value = log_scaled(scaled, p->output_scale);
            output[i] = (int16_t)(value < INT16_MAX ? value : INT16_MAX);
        } else {
            output[i] = 0;
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_filter_bank_log_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_UINT32, p->num_channels) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, p->num_channels)) {
        return mg_fail(node, "SignalFilterBankLog: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_signal_filter_bank_log_u32(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_filter_bank_log = {0, 0, prepare, invoke};
