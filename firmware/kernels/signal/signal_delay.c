/* SignalDelay (TFLite Micro's signal/micro/kernels/delay.cc): each row of the input comes out delay_length
 * samples later. TFLite Micro keeps a circular buffer per row, primed with delay_length zeros; here each row
 * keeps the delay_length samples it has not output yet (zero at start), and an invoke outputs the first
 * frame_size samples of held ++ input and holds the rest. */
#include "signal.h"

void mg_signal_delay_s16(const mg_signal_delay_params *p, const int16_t *input, int16_t *output)
{
    const int32_t n = p->frame_size, d = p->delay_length;
    for (int32_t row = 0; row < p->rows; ++row) {
        const int16_t *in = input + row * n;
        int16_t *out = output + row * n, *held = p->held + row * d;
        for (int32_t i = 0; i < n; ++i) {
            out[i] = i < d ? held[i] : in[i - d];
        }
        /* held[j] becomes (held ++ in)[n + j]: ascending j reads at or after what it writes */
        for (int32_t j = 0; j < d; ++j) {
            held[j] = n + j < d ? held[n + j] : in[n + j - d];
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_delay_params *p = node->params;
    const int32_t count = p->rows * p->frame_size;
    if (node->num_inputs != 1 || node->num_outputs != 1 || !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, count) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, count)) {
        return mg_fail(node, "SignalDelay: the int16 tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_signal_delay_s16(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_delay = {0, 0, prepare, invoke};
