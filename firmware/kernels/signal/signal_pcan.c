/* SignalPCAN (TFLite Micro's signal/src/pcan_argc_fixed.cc): per-channel automatic gain control. The gain is a
 * piecewise quadratic of the noise estimate read from the gain table (3 coefficients per octave of the estimate,
 * 10 fraction bits), the signal-to-noise ratio is the channel times the gain shifted down by snr_shift (12
 * fraction bits), and the output is shrink(snr) with 6 fraction bits: snr^2 / 4 below 2, snr - 1 above. */
#include "signal.h"

#define SNR_BITS 12
#define OUTPUT_BITS 6

static int16_t gain(uint32_t noise, const int16_t *lut)
{
    if (noise <= 2) return lut[noise];
    const int32_t interval = (int32_t)mg_signal_msb32(noise);
    lut += 4 * interval - 6;
    const int16_t frac = (int16_t)(((interval < 11) ? (noise << (11 - interval)) : (noise >> (interval - 11))) & 0x3FF);
    int32_t result = ((int32_t)lut[2] * frac) >> 5;
    result = (int32_t)((uint32_t)result + ((uint32_t)(int32_t)lut[1] << 5));
    result = (int32_t)((uint32_t)result * (uint32_t)frac);
    result = (int32_t)((uint32_t)result + (1u << 14)) >> 15;
    result += lut[0];
    return (int16_t)result;
}

static uint32_t shrink(uint32_t snr)
{
    if (snr < (2u << SNR_BITS)) return (snr * snr) >> (2 + 2 * SNR_BITS - OUTPUT_BITS);
    return (snr >> (SNR_BITS - OUTPUT_BITS)) - (1u << OUTPUT_BITS);
}

void mg_signal_pcan_u32(const mg_signal_pcan_params *p, const uint32_t *input, const uint32_t *noise_estimate,
                        const int16_t *gain_lut, uint32_t *output)
{
    for (int32_t i = 0; i < p->num_channels; ++i) {
        const uint32_t g = (uint32_t)(int32_t)gain(noise_estimate[i], gain_lut);
        output[i] = shrink((uint32_t)(((uint64_t)input[i] * g) >> p->snr_shift));
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_pcan_params *p = node->params;
    const mg_tensor *lut = mg_input(node, 2);
    if (node->num_inputs != 3 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_UINT32, p->num_channels) ||
        !mg_signal_tensor_is(mg_input(node, 1), MG_UINT32, p->num_channels) || !lut || lut->type != MG_INT16 ||
        mg_num_elements(lut) < 4 * 32 - 6 + 3 || !mg_signal_tensor_is(mg_output(node, 0), MG_UINT32, p->num_channels)) {
        return mg_fail(node, "SignalPCAN: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_signal_pcan_u32(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_input(node, 2)->data,
                       mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_pcan = {0, 0, prepare, invoke};
