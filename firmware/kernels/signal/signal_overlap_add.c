/* SignalOverlapAdd (TFLite Micro's signal/src/overlap_add.cc), int16 and float32: each frame is added to the
 * row's pending sums (int16 saturating, float32 plain), the first frame_step of them are output, and the rest
 * move up, zeros filling in behind. The pending sums stay across invokes (the persistent region, zero at start,
 * as TFLite Micro's prepare clears them). */
#include <string.h>

#include "signal.h"

void mg_signal_overlap_add_s16(const mg_signal_overlap_add_params *p, const int16_t *input, int16_t *output)
{
    const int32_t size = p->frame_size, step = p->frame_step;
    for (int32_t row = 0; row < p->rows; ++row) {
        int16_t *pending = (int16_t *)p->pending + row * size;
        for (int32_t f = 0; f < p->frames; ++f) {
            const int16_t *in = input + (row * p->frames + f) * size;
            for (int32_t i = 0; i < size; ++i) {
                const int32_t sum = in[i] + pending[i];
                pending[i] = (int16_t)(sum < INT16_MIN ? INT16_MIN : sum > INT16_MAX ? INT16_MAX : sum);
            }
            memcpy(output + (row * p->frames + f) * step, pending, (size_t)step * sizeof(int16_t));
            memmove(pending, pending + step, (size_t)(size - step) * sizeof(int16_t));
            memset(pending + size - step, 0, (size_t)step * sizeof(int16_t));
        }
    }
}

void mg_signal_overlap_add_f32(const mg_signal_overlap_add_params *p, const float *input, float *output)
{
    const int32_t size = p->frame_size, step = p->frame_step;
    for (int32_t row = 0; row < p->rows; ++row) {
        float *pending = (float *)p->pending + row * size;
        for (int32_t f = 0; f < p->frames; ++f) {
            const float *in = input + (row * p->frames + f) * size;
            for (int32_t i = 0; i < size; ++i) {
                pending[i] += in[i];
            }
            memcpy(output + (row * p->frames + f) * step, pending, (size_t)step * sizeof(float));
            memmove(pending, pending + step, (size_t)(size - step) * sizeof(float));
            memset(pending + size - step, 0, (size_t)step * sizeof(float));
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_signal_overlap_add_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const uint8_t type = input ? input->type : MG_INT16;
    if (node->num_inputs != 1 || node->num_outputs != 1 || (type != MG_INT16 && type != MG_FLOAT32) ||
        !mg_signal_tensor_is(input, type, p->rows * p->frames * p->frame_size) ||
        !mg_signal_tensor_is(mg_output(node, 0), type, p->rows * p->frames * p->frame_step)) {
        return mg_fail(node, "SignalOverlapAdd: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_FLOAT32) {
        mg_signal_overlap_add_f32(node->params, input->data, mg_output(node, 0)->data);
    } else {
        mg_signal_overlap_add_s16(node->params, input->data, mg_output(node, 0)->data);
    }
    return MG_OK;
}

const mg_registration mg_register_signal_overlap_add = {0, 0, prepare, invoke};
