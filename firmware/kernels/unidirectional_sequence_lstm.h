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
    float cell_clip; /* clip the cell state to +-cell_clip (int8: +-cell_clip_q) when positive */
    /* int8 weights (int16 cell state, int16 gates in Q3.12 before and Q0.15 after their sigmoid or tanh): */
    int32_t activation_bytes; /* 1: int8 activations, int32 biases; 2: int16 activations, int64 biases */
    int32_t input_zero_point;
    int32_t hidden_zero_point;
    const int32_t *fc_multipliers; /* per gate, the input's then the hidden state's fully connected layer */
    const int32_t *fc_shifts;      /* into the gate's Q3.12, as Q31 multipliers and shifts */
    int32_t forget_multiplier;     /* forget gate * cell state: 2^-15 (the cell scale cancels) */
    int32_t forget_shift;
    int32_t input_multiplier; /* input gate * cell gate into the cell state: 2^-30 / cell_scale */
    int32_t input_shift;
    int32_t hidden_multiplier; /* output gate * tanh(cell) into the hidden state: 2^-30 / hidden_scale */
    int32_t hidden_shift;
    int32_t cell_clip_q;
    int32_t cell_tanh_multiplier; /* the cell state's tanh input step (mg_sigmoid_input_s16) */
    int32_t cell_tanh_shift;
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
void mg_unidirectional_sequence_lstm_s8(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                        int16_t *scratch);

extern const mg_registration mg_register_unidirectional_sequence_lstm;

#endif
