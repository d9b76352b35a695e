/* SignalWindow (TFLite Micro's signal/micro/kernels/window.cc): each frame of the input times the int16 window,
 * shifted right (arithmetic) and saturated to int16; the input holds whole windows one after another. */
#pragma GCC optimize("O2") /* a per-sample loop of the audio front end: -Os leaves it slow */
#include "signal.h"

#if defined(__ARM_FEATURE_SAT) && __ARM_FEATURE_SAT
#include <arm_acle.h>
#define SATURATE_INT16(x) __ssat((x), 16)
#else
#define SATURATE_INT16(x) ((x) < INT16_MIN ? INT16_MIN : (x) > INT16_MAX ? INT16_MAX : (x))
#endif

void mg_signal_window_s16(const mg_signal_window_params *p, const int16_t *input, const int16_t *weights,
                          int16_t *output)
{
    for (int32_t base = 0; base < p->count; base += p->window_size) {
        for (int32_t i = 0; i < p->window_size; ++i) {
            const int32_t raw = ((int32_t)input[base + i] * weights[i]) >> p->shift;
            output[base + i] = (int16_t)SATURATE_INT16(raw);
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_window_params *p = node->params;
    if (node->num_inputs != 2 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, p->count) ||
        !mg_signal_tensor_is(mg_input(node, 1), MG_INT16, p->window_size) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, p->count)) {
        return mg_fail(node, "SignalWindow: the int16 tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_signal_window_s16(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_window = {0, 0, prepare, invoke};
