/* SignalFftAutoScale (TFLite Micro's signal/src/fft_auto_scale.cc): shifts a frame left by the headroom of its
 * largest magnitude and outputs that shift. The largest magnitude is kept in int16 as there, so -32768 reads as
 * -32768 (no headroom) until a later positive sample replaces it, and an all-zero frame has no shift. */
#pragma GCC optimize("O2") /* a per-sample loop of the audio front end: -Os leaves it slow */
#include "signal.h"

int32_t mg_signal_fft_auto_scale_s16(int32_t count, const int16_t *input, int16_t *output)
{
    int16_t max = 0;
    for (int32_t i = 0; i < count; ++i) {
        const int16_t value = input[i];
        if (value > max) {
            max = value;
        } else if (-value > max) {
            max = (int16_t)-value;
        }
    }
    int32_t scale_bits = 16 - (int32_t)mg_signal_msb32((uint32_t)(int32_t)max) - 1;
    if (scale_bits < 0) scale_bits = 0;
    for (int32_t i = 0; i < count; ++i) {
        output[i] = (int16_t)(input[i] * (1 << scale_bits));
    }
    return scale_bits;
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_fft_auto_scale_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 2 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, p->count) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, p->count) ||
        !mg_signal_tensor_is(mg_output(node, 1), MG_INT32, 1)) {
        return mg_fail(node, "SignalFftAutoScale: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_signal_fft_auto_scale_params *p = node->params;
    int32_t *scale_bits = mg_output(node, 1)->data;
    *scale_bits = mg_signal_fft_auto_scale_s16(p->count, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_fft_auto_scale = {0, 0, prepare, invoke};
