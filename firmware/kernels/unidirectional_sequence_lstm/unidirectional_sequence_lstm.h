/* UNIDIRECTIONAL_SEQUENCE_LSTM (TFLite Micro's unidirectional_sequence_lstm.cc and lstm_eval.h): the standard LSTM
 * without peepholes, projection or layer norm, over every step of the input's sequence. The hidden state (input
 * 18) and cell state (input 19) are variable tensors kept across invokes. */
#ifndef MG_UNIDIRECTIONAL_SEQUENCE_LSTM_H
#define MG_UNIDIRECTIONAL_SEQUENCE_LSTM_H

#include "mg_kernel.h"

enum { MG_LSTM_INPUT_GATE = 0, MG_LSTM_FORGET_GATE, MG_LSTM_CELL_GATE, MG_LSTM_OUTPUT_GATE, MG_LSTM_GATES };

/* One weight matrix per gate, in TFLite's gate order (read as an array of MG_LSTM_GATES pointers). */
typedef struct {
    const int32_t *input_gate;
    const int32_t *forget_gate;
    const int32_t *cell_gate;
    const int32_t *output_gate;
} mg_lstm_gate_weights;

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
    /* the dsp kernel's tables (unidirectional_sequence_lstm_s8_dsp.c), NULL for the reference: per gate, the
     * input's and the hidden state's requantization and biases (zero points folded in), and each layer's weights
     * scaled and widened to int16 pairs in the kernel's order, gate after gate (a layer's NULL when the copy would
     * be large: the kernel then reads its int8 weights; int16x8: per gate the 64-bit requantization and int64
     * biases, and both layers widened unscaled, never NULL); the mve kernel's
     * (unidirectional_sequence_lstm_s8_mve.c): per gate, the two layers' folded biases only */
    const int32_t *backend_table;
    const int32_t *input_widened;
    const int32_t *hidden_widened;
    /* the dsp kernel's layers without widened weights: each gate's int8 input and recurrent weights with their
     * rows in blocks of four (mg_dsp_four_rows_interleaved's layout, written over the model's), a member NULL where
     * a matrix has no whole block of eight columns and four rows */
    mg_lstm_gate_weights input_rows;
    mg_lstm_gate_weights hidden_rows;
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
/* The dsp kernels' units finished at a time (a multiple of four): their gates' sums and values are all their
 * scratch keeps of the units (mg_unidirectional_sequence_lstm_s8_dsp_scratch_size). */
#define MG_LSTM_DSP_BLOCK 32
size_t mg_unidirectional_sequence_lstm_s8_dsp_scratch_size(int32_t batches, int32_t units, int32_t input_size);
size_t mg_unidirectional_sequence_lstm_s8_mve_scratch_size(int32_t batches, int32_t units);

/* The kernels' shared frame: each kernel defines step_rows (MG_LSTM_STEP_ROWS) and step(p, d, const step_rows *,
 * scratch). */

/* Defines step_rows, one step's rows: `rows` batches of the input, the hidden and cell states' rows and the step's
 * output, activations of T, the cell state of CELL_T. */
#define MG_LSTM_STEP_ROWS(T, CELL_T)                                                                                   \
    typedef struct {                                                                                                   \
        int32_t rows;                                                                                                  \
        const T *input;                                                                                                \
        T *hidden;                                                                                                     \
        CELL_T *cell;                                                                                                  \
        T *output;                                                                                                     \
    } step_rows

/* Step's opening, TFLite Micro's LstmStep: the gate buffers in scratch (forget, input and cell gates of T, each
 * batches * units values, then the fully connected layers' temporary), and the three gates from the kernel's
 * gate(p, d, gate index, s, out, temporary). */
#define MG_LSTM_STEP_GATES(T, p, d, s, scratch)                                                                        \
    const int32_t stride_ = (p)->batches * (p)->units;                                                                 \
    T *forget = (scratch), *input_gate = (scratch) + stride_, *cell_gate = (scratch) + 2 * stride_;                    \
    T *temp = (scratch) + 3 * stride_;                                                                                 \
    gate((p), (d), MG_LSTM_FORGET_GATE, (s), forget, temp);                                                            \
    gate((p), (d), MG_LSTM_INPUT_GATE, (s), input_gate, temp);                                                         \
    gate((p), (d), MG_LSTM_CELL_GATE, (s), cell_gate, temp)

/* The sequence, TFLite Micro's EvalLstm: a time-major input runs every batch per step; otherwise each batch runs
 * its steps with its own rows of the states. Activations (T) of `bytes` bytes each, cell state of CELL_T. */
#define MG_LSTM_SEQUENCE(T, CELL_T, bytes, p, d, scratch)                                                              \
    const int32_t outer_ = (p)->time_major ? 1 : (p)->batches, rows_ = (p)->time_major ? (p)->batches : 1;             \
    const uint8_t *input_ = (d)->input;                                                                                \
    uint8_t *output_ = (d)->output;                                                                                    \
    for (int32_t b_ = 0; b_ < outer_; ++b_) {                                                                          \
        for (int32_t t_ = 0; t_ < (p)->steps; ++t_) {                                                                  \
            const step_rows s_ = {rows_, (const T *)input_, (T *)((uint8_t *)(d)->hidden + b_ * (p)->units * (bytes)), \
                                  (CELL_T *)(d)->cell + b_ * (p)->units, (T *)output_};                                \
            step((p), (d), &s_, (scratch));                                                                            \
            input_ += rows_ * (p)->input_size * (bytes);                                                               \
            output_ += rows_ * (p)->units * (bytes);                                                                   \
        }                                                                                                              \
    }

/* The family's prepare: the node's checks and its states reset (every backend's), then (the reference's and the
 * mve kernel's, whose scratch starts with them) room for the four gate buffers; and the node's tensors for the
 * kernels. */
mg_status mg_unidirectional_sequence_lstm_prepare_states(mg_node *node);
mg_status mg_unidirectional_sequence_lstm_prepare(mg_node *node);
void mg_lstm_node_data(const mg_node *node, mg_lstm_data *d);

void mg_unidirectional_sequence_lstm_f32(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                         float *scratch);
void mg_unidirectional_sequence_lstm_s8(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                        int16_t *scratch);
void mg_unidirectional_sequence_lstm_s8_dsp(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                            int16_t *scratch);
void mg_unidirectional_sequence_lstm_s16_dsp(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                             int16_t *scratch);

extern const mg_registration mg_register_unidirectional_sequence_lstm;
extern const mg_registration mg_register_unidirectional_sequence_lstm_dsp;
extern const mg_registration mg_register_unidirectional_sequence_lstm_mve;

#endif
