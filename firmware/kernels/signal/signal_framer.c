/* SignalFramer and SignalStacker (TFLite Micro's signal/micro/kernels/framer.cc and stacker.cc), int16: both
 * collect samples across invokes and output overlapping windows of them once enough have come, with a bool
 * output that says whether every window of this invoke was complete. TFLite Micro keeps circular buffers; here
 * each row holds its samples from index 0 (zero state at start is TFLite Micro's start: the framer's prefill
 * zeros, an empty stacker). A window not complete yet is written as zeros (TFLite Micro leaves it as it was;
 * the reference reports zeros there too, generator/reference/unwritten.py). */
#include <string.h>

#include "signal.h"

/* Framer: per row, each frame_step input samples are appended; once frame_size are held the oldest frame_size
 * are output and frame_step of them dropped. Returns 1 when every frame was output. */
int mg_signal_framer_s16(const mg_signal_framer_params *p, const int16_t *input, int16_t *output)
{
    int valid = 1;
    int16_t *samples = (int16_t *)(p->filled + p->rows);
    for (int32_t row = 0; row < p->rows; ++row) {
        int16_t *held = samples + row * p->capacity;
        int32_t count = p->prefilled + p->filled[row];
        for (int32_t f = 0; f < p->frames; ++f) {
            const int32_t frame = row * p->frames + f;
            memcpy(held + count, input + frame * p->frame_step, (size_t)p->frame_step * sizeof(int16_t));
            count += p->frame_step;
            int16_t *out = output + frame * p->frame_size;
            if (count >= p->frame_size) {
                memcpy(out, held, (size_t)p->frame_size * sizeof(int16_t));
                count -= p->frame_step;
                memmove(held, held + p->frame_step, (size_t)count * sizeof(int16_t));
            } else {
                memset(out, 0, (size_t)p->frame_size * sizeof(int16_t));
                valid = 0;
            }
        }
        p->filled[row] = count - p->prefilled;
    }
    return valid;
}

/* Stacker: the input frame is appended (the first one left_context more times), and once `stacked` samples are
 * held they are output and `step` of them dropped. Returns 1 when it output. */
int mg_signal_stacker_s16(const mg_signal_stacker_params *p, const int16_t *input, int16_t *output)
{
    int32_t *count = &p->state[0], *has_first = &p->state[1];
    int16_t *held = (int16_t *)(p->state + 2);
    const size_t frame_bytes = (size_t)p->num_channels * sizeof(int16_t);
    memcpy(held + *count, input, frame_bytes);
    *count += p->num_channels;
    if (!*has_first) {
        for (int32_t r = 0; r < p->left_context; ++r, *count += p->num_channels) {
            memcpy(held + *count, held + *count - p->num_channels, frame_bytes);
        }
        *has_first = 1;
    }
    if (*count < p->stacked) {
        memset(output, 0, (size_t)p->stacked * sizeof(int16_t));
        return 0;
    }
    memcpy(output, held, (size_t)p->stacked * sizeof(int16_t));
    *count -= p->step;
    memmove(held, held + p->step, (size_t)*count * sizeof(int16_t));
    return 1;
}

static mg_status prepare_framer(mg_node *node)
{
    const mg_signal_framer_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 2 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, p->rows * p->frames * p->frame_step) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, p->rows * p->frames * p->frame_size) ||
        !mg_signal_tensor_is(mg_output(node, 1), MG_BOOL, 1)) {
        return mg_fail(node, "SignalFramer: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke_framer(mg_node *node)
{
    const int valid = mg_signal_framer_s16(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    *(uint8_t *)mg_output(node, 1)->data = (uint8_t)valid;
    return MG_OK;
}

const mg_registration mg_register_signal_framer = {0, 0, prepare_framer, invoke_framer};

static mg_status prepare_stacker(mg_node *node)
{
    const mg_signal_stacker_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 2 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, p->num_channels) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, p->stacked) ||
        !mg_signal_tensor_is(mg_output(node, 1), MG_BOOL, 1)) {
        return mg_fail(node, "SignalStacker: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke_stacker(mg_node *node)
{
    const int valid = mg_signal_stacker_s16(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    *(uint8_t *)mg_output(node, 1)->data = (uint8_t)valid;
    return MG_OK;
}

const mg_registration mg_register_signal_stacker = {0, 0, prepare_stacker, invoke_stacker};
