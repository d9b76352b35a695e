/* UNIDIRECTIONAL_SEQUENCE_LSTM (TFLite Micro's unidirectional_sequence_lstm.cc and lstm_eval.h): the standard LSTM
 * without peepholes, projection or layer norm, over every step of the input's sequence. The hidden state (input
 * 18) and cell state (input 19) are variable tensors kept across invokes. */
#ifndef MG_UNIDIRECTIONAL_SEQUENCE_LSTM_H
#define MG_UNIDIRECTIONAL_SEQUENCE_LSTM_H

#include "mg_kernel.h"

enum { MG_LSTM_INPUT_GATE = 0, MG_LSTM_FORGET_GATE, MG_LSTM_CELL_GATE, MG_LSTM_OUTPUT_GATE, MG_LSTM_GATES };

typedef struct {
    int32_t time_major; /* input [steps, batches, input_size], else [batches, steps, input_size] */
    int32_t batches;
    int32_t steps;
    int32_t input_size;
    int32_t units;   /* the hidden and cell state's width */
    float cell_clip; /* float32: clip the cell state to +-cell_clip when positive */
} mg_unidirectional_sequence_lstm_params;

/* The node's data, the weights and biases in TFLite's gate order (input, forget, cell, output). */
typedef struct {
    const void *input;
    const void *input_weights[MG_LSTM_GATES];
    const void *recurrent_weights[MG_LSTM_GATES];
    const void *bias[MG_LSTM_GATES];
    void *hidden;
    void *cell;
    void *output;
} mg_lstm_data;

/* Scratch: TFLite Micro's four gate buffers of batches * units cell values (cell_bytes each). */
size_t mg_unidirectional_sequence_lstm_scratch_size(int32_t batches, int32_t units, int32_t cell_bytes);

void mg_unidirectional_sequence_lstm_f32(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                         float *scratch);

extern const mg_registration mg_register_unidirectional_sequence_lstm;

#endif
