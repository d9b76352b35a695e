/* int16x8 UNIDIRECTIONAL_SEQUENCE_LSTM on the dsp backend (Cortex-M4/M7/M33: int16 activations, int8 weights,
 * int64 biases), bit-exact with the reference kernel (unidirectional_sequence_lstm_s8.c, activation_bytes 2). Per
 * step, every batch row's input and hidden state, whose words already are int16 pairs, are first copied into rows
 * padded to whole quads; then per row, a block of units at a time (MG_LSTM_DSP_BLOCK), each gate's two fully
 * connected layers run as SMLAD dot products, four units a pass, against the generator's copy of the weights
 * widened to int16 in the rows' own pair order; the generator claims a node only when every partial sum fits int32
 * (ops/dsp_unidirectional_sequence_lstm.py), so TFLite's int64 accumulator is the int64 bias (each layer's input
 * zero point folded in) plus that int32 sum, requantized as TFLite's 64-bit MultiplyByQuantizedMultiplier (the
 * multiplier rounded to 16 bits). The gates' sigmoid and tanh and the cell update (the block's units, once its
 * four gates are done) are the int8 kernel's; the hidden state is saturated to int16. */
#pragma GCC optimize("O2")
#include <string.h>

#include "unidirectional_sequence_lstm_dsp.h"

MG_LSTM_STEP_ROWS(int16_t, int16_t);

/* x (n int16 values), zeros padding it to a whole quad, into row. */
static void pad(const int16_t *x, int32_t n, int16_t *row)
{
    memcpy(row, x, (size_t)n * sizeof(int16_t));
    for (int32_t k = n; k < round_up4(n); ++k) {
        row[k] = 0;
    }
}

/* One gate's table (backend_table): per layer (input, hidden state) the 16-bit multiplier and the total right
 * shift of TFLite's 64-bit requantization, then each layer's int64 biases as (low, high) words, padded to whole
 * blocks of four units. */
enum { INPUT_REDUCED, INPUT_SHIFT, HIDDEN_REDUCED, HIDDEN_SHIFT, GATE_HEADER };

static inline int32_t gate_table_words(int32_t units)
{
    return GATE_HEADER + 4 * round_up4(units);
}

static inline int64_t bias_at(const int32_t *biases, int32_t u)
{
    return (int64_t)(((uint64_t)(uint32_t)biases[2 * u + 1] << 32) | (uint32_t)biases[2 * u]);
}

/* TFLite's MultiplyByQuantizedMultiplier(int64 acc, multiplier, shift) with the generator's reduced multiplier and
 * total shift (1 to 62), saturated to int16 as TFLite Micro's FullyConnected does. */
static inline int32_t requantize64(int64_t acc, int32_t reduced, int32_t total_shift)
{
    return saturate16((int32_t)((acc * reduced + ((int64_t)1 << (total_shift - 1))) >> total_shift));
}

/* One gate for the n units from u (a block) of one row: both layers' sums (input and hidden state interleaved per
 * unit in accumulators), then per unit the two requantized, added with saturation, through the sigmoid or (the
 * cell gate) tanh. */
static void block_gate(const mg_unidirectional_sequence_lstm_params *p, int g, int32_t u, int32_t n,
                       const uint32_t *input_row, const uint32_t *hidden_row, int32_t *accumulators, int16_t *out)
{
    static const int32_t zero[4] = {0, 0, 0, 0};
    const int32_t units4 = round_up4(p->units), input_quads = round_up4(p->input_size) / 4, hidden_quads = units4 / 4;
    const int32_t *table = p->backend_table + g * gate_table_words(p->units);
    const int32_t *wi = p->input_widened + 2 * input_quads * (g * units4 + u);
    const int32_t *wh = p->hidden_widened + 2 * hidden_quads * (g * units4 + u);
    for (int32_t k = 0; k < n; k += 4) {
        wi = four_rows(zero, wi, input_row, input_quads, accumulators + 2 * k);
        wh = four_rows(zero, wh, hidden_row, hidden_quads, accumulators + 2 * k + 1);
    }
    const int32_t *input_bias = table + GATE_HEADER, *hidden_bias = input_bias + 2 * units4;
    for (int32_t k = 0; k < n; ++k) {
        const int32_t input =
            requantize64(bias_at(input_bias, u + k) + accumulators[2 * k], table[INPUT_REDUCED], table[INPUT_SHIFT]);
        const int32_t hidden = requantize64(bias_at(hidden_bias, u + k) + accumulators[2 * k + 1],
                                            table[HIDDEN_REDUCED], table[HIDDEN_SHIFT]);
        const int32_t v = saturate16(input + hidden);
        out[k] = (int16_t)(g == MG_LSTM_CELL_GATE ? tanh_of_scaled(3 * v) : gate_sigmoid(v));
    }
}

/* The cell and hidden states of the n elements from i of the step's rows (update_cell), the hidden state saturated
 * to int16 and copied to the step's output. */
static void update_states(const mg_unidirectional_sequence_lstm_params *p, const int16_t *gates, const step_rows *s,
                          int32_t i, int32_t n)
{
    const cell_scales c = cell_scales_of(p);
    int16_t *cell = s->cell + i; /* in locals: a store through the state's pointers may alias s */
    int16_t *hidden = s->hidden + i, *output = s->output + i;
    for (int32_t k = 0; k < n; ++k) {
        const int32_t h = update_cell(&c, gates, k, &cell[k]);
        hidden[k] = output[k] = (int16_t)saturate16(h);
    }
}

/* Scratch (mg_unidirectional_sequence_lstm_s8_dsp_scratch_size): one block's accumulators and gates, then every
 * row's padded input and hidden state. */
static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 int16_t *scratch)
{
    (void)d;
    const int32_t units = p->units, input_size4 = round_up4(p->input_size), row_size = input_size4 + round_up4(units);
    int32_t *accumulators = (int32_t *)scratch;
    int16_t *gates = (int16_t *)(accumulators + 2 * MG_LSTM_DSP_BLOCK);
    int16_t *rows = gates + MG_LSTM_DSP_BLOCK * MG_LSTM_GATES;
    for (int32_t row = 0; row < s->rows; ++row) {
        pad(s->input + row * p->input_size, p->input_size, rows + row * row_size);
        pad(s->hidden + row * units, units, rows + row * row_size + input_size4);
    }
    for (int32_t row = 0; row < s->rows; ++row) {
        const uint32_t *input_row = (const uint32_t *)(rows + row * row_size);
        const uint32_t *hidden_row = (const uint32_t *)(rows + row * row_size + input_size4);
        for (int32_t u = 0; u < units; u += MG_LSTM_DSP_BLOCK) {
            const int32_t n = units - u < MG_LSTM_DSP_BLOCK ? units - u : MG_LSTM_DSP_BLOCK;
            for (int g = 0; g < MG_LSTM_GATES; ++g) {
                block_gate(p, g, u, n, input_row, hidden_row, accumulators, gates + MG_LSTM_DSP_BLOCK * g);
            }
            update_states(p, gates, s, row * units + u, n);
        }
    }
}

void mg_unidirectional_sequence_lstm_s16_dsp(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                             int16_t *scratch)
{
    MG_LSTM_SEQUENCE(int16_t, int16_t, 2, p, d, scratch)
}
