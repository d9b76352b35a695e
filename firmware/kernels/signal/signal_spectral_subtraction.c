/* SignalFilterBankSpectralSubtraction (TFLite Micro's signal/src/filter_bank_spectral_subtraction.cc): a
 * low-pass noise estimate per channel (even and odd channels may smooth differently), kept across invokes in the
 * persistent region (zero at start, as TFLite Micro's prepare clears it), subtracted from the signal but never
 * below min_signal_remaining of it. Output 1 is a copy of the estimate. Shifts and products are uint32/uint64
 * as there. */
#include <string.h>

#include "signal.h"

void mg_signal_spectral_subtraction_u32(const mg_signal_spectral_subtraction_params *p, const uint32_t *input,
                                        uint32_t *output)
{
    uint32_t *noise = p->noise_estimate;
    for (int32_t i = 0; i < p->num_channels; ++i) {
        const int odd = i & 1;
        const uint32_t smoothing = odd ? p->alternate_smoothing : p->smoothing;
        const uint32_t one_minus_smoothing = odd ? p->alternate_one_minus_smoothing : p->one_minus_smoothing;
        const uint32_t signal = input[i] << p->smoothing_bits;
        noise[i] = (uint32_t)(((uint64_t)signal * smoothing + (uint64_t)noise[i] * one_minus_smoothing) >>
                              p->spectral_subtraction_bits);
        uint32_t estimate = noise[i];
        if (estimate > signal) {
            estimate = signal;
            if (p->clamping) noise[i] = estimate;
        }
        const uint32_t floor =
            (uint32_t)(((uint64_t)input[i] * p->min_signal_remaining) >> p->spectral_subtraction_bits);
        const uint32_t subtracted = (signal - estimate) >> p->smoothing_bits;
        output[i] = subtracted > floor ? subtracted : floor;
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_spectral_subtraction_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 2 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_UINT32, p->num_channels) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_UINT32, p->num_channels) ||
        !mg_signal_tensor_is(mg_output(node, 1), MG_UINT32, p->num_channels)) {
        return mg_fail(node, "SignalFilterBankSpectralSubtraction: the uint32 tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_signal_spectral_subtraction_params *p = node->params;
    mg_signal_spectral_subtraction_u32(p, mg_input(node, 0)->data, mg_output(node, 0)->data);
    memcpy(mg_output(node, 1)->data, p->noise_estimate, mg_signal_spectral_subtraction_state_size(p->num_channels));
    return MG_OK;
}

const mg_registration mg_register_signal_filter_bank_spectral_subtraction = {0, 0, prepare, invoke};
