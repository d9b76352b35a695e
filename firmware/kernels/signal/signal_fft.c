/* SignalRfft and SignalIrfft registrations: prepare checks the node's tensors against the generated sizes and
 * the planned scratch, and invoke runs the int16 transform (signal_rfft.c), the float32 one
 * (signal_rfft_f32.c) or the int32 one (signal_rfft_s32.c), by the input's type; each type has its own parameter
 * block (float32 and int32 alike in their sizes). */
#include "signal.h"

/* The frames, lengths and scratch a transform's node was generated with, whichever its type. */
typedef struct {
    int32_t fft_length, frames, input_values, output_values;
    size_t scratch;
} fft_shape;

static fft_shape shape_of(const mg_node *node, int inverse)
{
    fft_shape s;
    const uint8_t type = mg_input(node, 0) ? mg_input(node, 0)->type : MG_INT16;
    if (type == MG_FLOAT32 || type == MG_INT32) {
        const mg_signal_rfft_f32_params *f = node->params;
        const mg_signal_rfft_s32_params *i = node->params;
        s.fft_length = type == MG_FLOAT32 ? f->fft_length : i->fft_length;
        s.frames = type == MG_FLOAT32 ? f->frames : i->frames;
        s.input_values = (type == MG_FLOAT32 ? f->input_length : i->input_length) * (inverse ? 2 : 1);
        s.output_values = (type == MG_FLOAT32 ? f->output_length : i->output_length) * (inverse ? 1 : 2);
        s.scratch = mg_signal_rfft_f32_s32_scratch_size(s.fft_length);
    } else if (inverse) {
        const mg_signal_irfft_params *p = node->params;
        s.fft_length = p->fft_length;
        s.frames = p->frames;
        s.input_values = 2 * p->input_length;
        s.output_values = p->fft_length;
        s.scratch = mg_signal_irfft_scratch_size(p->fft_length);
    } else {
        const mg_signal_rfft_params *p = node->params;
        s.fft_length = p->fft_length;
        s.frames = p->frames;
        s.input_values = p->input_length;
        s.output_values = 2 * p->output_length;
        s.scratch = mg_signal_rfft_scratch_size(p->fft_length);
    }
    return s;
}

static mg_status prepare_transform(mg_node *node, int inverse, const char *wrong_tensors, const char *small_scratch)
{
    const mg_tensor *input = mg_input(node, 0);
    const uint8_t type = input ? input->type : MG_INT16;
    const fft_shape s = shape_of(node, inverse);
    if (node->num_inputs != 1 || node->num_outputs != 1 ||
        (type != MG_INT16 && type != MG_INT32 && type != MG_FLOAT32) ||
        !mg_signal_tensor_is(input, type, s.frames * s.input_values) ||
        !mg_signal_tensor_is(mg_output(node, 0), type, s.frames * s.output_values)) {
        return mg_fail(node, wrong_tensors);
    }
    return node->scratch_size < s.scratch ? mg_fail(node, small_scratch) : MG_OK;
}

static mg_status prepare_rfft(mg_node *node)
{
    return prepare_transform(node, 0, "SignalRfft: the tensors differ from the generated sizes",
                             "SignalRfft: less scratch than it needs");
}

static mg_status invoke_rfft(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_FLOAT32) {
        mg_signal_rfft_f32(node->params, input->data, mg_output(node, 0)->data, node->scratch);
    } else if (input->type == MG_INT32) {
        mg_signal_rfft_s32(node->params, input->data, mg_output(node, 0)->data, node->scratch);
    } else {
        mg_signal_rfft_s16(node->params, input->data, mg_output(node, 0)->data, node->scratch);
    }
    return MG_OK;
}

const mg_registration mg_register_signal_rfft = {0, 0, prepare_rfft, invoke_rfft};

static mg_status prepare_irfft(mg_node *node)
{
    return prepare_transform(node, 1, "SignalIrfft: the tensors differ from the generated sizes",
                             "SignalIrfft: less scratch than it needs");
}

static mg_status invoke_irfft(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type == MG_FLOAT32) {
        mg_signal_irfft_f32(node->params, input->data, mg_output(node, 0)->data, node->scratch);
    } else if (input->type == MG_INT32) {
        mg_signal_irfft_s32(node->params, input->data, mg_output(node, 0)->data, node->scratch);
    } else {
        mg_signal_irfft_s16(node->params, input->data, mg_output(node, 0)->data, node->scratch);
    }
    return MG_OK;
}

const mg_registration mg_register_signal_irfft = {0, 0, prepare_irfft, invoke_irfft};
