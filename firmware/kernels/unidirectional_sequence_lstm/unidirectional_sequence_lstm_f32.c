/* float32 UNIDIRECTIONAL_SEQUENCE_LSTM (TFLite Micro's lstm_eval.h LstmStep with the float lstm_internal
 * functions of lstm_eval.cc): per step, each gate is a fully connected layer of the input plus one of the hidden
 * state, then its sigmoid (the cell gate's tanh); the cell state becomes forget * cell + input * cell gate
 * (clipped), the hidden state output * tanh(cell), copied to the step's output. A time-major input runs every
 * batch per step; otherwise each batch runs its steps with its own rows of the states. */
#include <string.h>

#include "logistic.h"
#include "tanh.h"
#include "unidirectional_sequence_lstm.h"

MG_LSTM_STEP_ROWS(float, float);

/* reference_ops::FullyConnected without an activation: the weights' rows against each input row, plus the bias. */
static void fully_connected(const float *input, int32_t rows, int32_t depth, const float *weights, const float *bias,
                            int32_t units, float *output)
{
    for (int32_t r = 0; r < rows; ++r) {
        for (int32_t u = 0; u < units; ++u) {
            float total = 0.0f;
            for (int32_t k = 0; k < depth; ++k) {
                total += input[r * depth + k] * weights[u * depth + k];
            }
            output[r * units + u] = total + (bias ? bias[u] : 0.0f);
        }
    }
}

static void gate(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, int g, const step_rows *s,
                 float *out, float *recurrent)
{
    const int32_t count = s->rows * p->units;
    fully_connected(s->input, s->rows, p->input_size, d->input_weights[g], d->bias[g], p->units, out);
    fully_connected(s->hidden, s->rows, p->units, d->recurrent_weights[g], NULL, p->units, recurrent);
    for (int32_t i = 0; i < count; ++i) {
        out[i] += recurrent[i];
    }
    if (g == MG_LSTM_CELL_GATE) {
        const mg_tanh_params tanh = {.count = count};
        mg_tanh_f32(&tanh, out, out);
    } else {
        const mg_logistic_params sigmoid = {.count = count};
        mg_logistic_f32(&sigmoid, out, out);
    }
}

static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 float *scratch)
{
    const int32_t count = s->rows * p->units;
    MG_LSTM_STEP_GATES(float, p, d, s, scratch);
    for (int32_t i = 0; i < count; ++i) {
        float cell = forget[i] * s->cell[i];
        cell = cell + input_gate[i] * cell_gate[i];
        if (p->cell_clip > 0.0f) {
            cell = cell > p->cell_clip ? p->cell_clip : (cell < -p->cell_clip ? -p->cell_clip : cell);
        }
        s->cell[i] = cell;
    }
    float *output_gate = input_gate;
    gate(p, d, MG_LSTM_OUTPUT_GATE, s, output_gate, temp);
    const mg_tanh_params tanh = {.count = count};
    mg_tanh_f32(&tanh, s->cell, forget);
    for (int32_t i = 0; i < count; ++i) {
        s->hidden[i] = forget[i] * output_gate[i];
    }
    memcpy(s->output, s->hidden, (size_t)count * sizeof(float));
}

void mg_unidirectional_sequence_lstm_f32(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                         float *scratch)
{
    MG_LSTM_SEQUENCE(float, float, (int32_t)sizeof(float), p, d, scratch)
}
