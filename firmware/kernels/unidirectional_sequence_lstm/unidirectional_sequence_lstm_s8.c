/* UNIDIRECTIONAL_SEQUENCE_LSTM with int8 weights and int16 cell state, int8 or int16 activations (TFLite Micro's
 * lstm_eval.h LstmStep<int8_t, int8_t, int16_t, int32_t> and <int16_t, int8_t, int16_t, int64_t>, one loop for
 * either width, and the integer lstm_internal functions of lstm_eval.cc): each gate is the input's and the
 * hidden state's fully connected layers into int16 Q3.12 (reference_integer_ops::FullyConnected), added with
 * saturation, then the int16 sigmoid (or, for the cell gate, tanh) into Q0.15; the cell and hidden states are
 * updated with reference_integer_ops::MulElementwise and a saturating add. */
/* -Os spills the dot products' loop (about 10 instructions a MAC, mnist_lstm_int8 1.08x TFLite Micro's reference
 * on the M4); -O2 keeps it in registers. */
#pragma GCC optimize("O2")
#include <string.h>

#include "logistic.h"
#include "mg_fixedpoint.h"
#include "tanh.h"
#include "unidirectional_sequence_lstm.h"

MG_LSTM_STEP_ROWS(void, int16_t);

/* TFLite's MultiplyByQuantizedMultiplier for an int64 accumulator: the multiplier rounded to 16 bits. */
static int32_t multiply_by_quantized_multiplier_64(int64_t x, int32_t multiplier, int32_t shift)
{
    const int32_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
    const int32_t total_shift = 15 - shift;
    return (int32_t)((x * reduced + ((int64_t)1 << (total_shift - 1))) >> total_shift);
}

/* One row's dot product with weight row u, plus the bias, requantized: the int16 and int8 forms differ only in
 * their types and the requantization. */
#define LSTM_DOT_PRODUCT(in_type, acc_type, requantize)                                                                \
    {                                                                                                                  \
        const in_type *in = (const in_type *)input + row * depth;                                                      \
        acc_type acc = 0;                                                                                              \
        for (int32_t k = 0; k < depth; ++k) {                                                                          \
            acc += weights[u * depth + k] * (in[k] + input_offset);                                                    \
        }                                                                                                              \
        acc += bias ? ((const acc_type *)bias)[u] : 0;                                                                 \
        return requantize(acc, multiplier, shift);                                                                     \
    }

/* reference_integer_ops::FullyConnected into int16: int8 input, int32 accumulator and bias, or int16 input,
 * int64 accumulator and bias. */
static int32_t dot_product(const mg_unidirectional_sequence_lstm_params *p, const void *input, int32_t row,
                           int32_t depth, int32_t input_offset, const int8_t *weights, const void *bias, int32_t u,
                           int32_t multiplier, int32_t shift)
{
    if (p->activation_bytes == 2) {
        LSTM_DOT_PRODUCT(int16_t, int64_t, multiply_by_quantized_multiplier_64)
    }
    LSTM_DOT_PRODUCT(int8_t, int32_t, mg_multiply_by_quantized_multiplier)
}

static void fully_connected_s16(const mg_unidirectional_sequence_lstm_params *p, const void *input, int32_t rows,
                                int32_t depth, int32_t input_offset, const int8_t *weights, const void *bias,
                                int32_t multiplier, int32_t shift, int16_t *output)
{
    for (int32_t r = 0; r < rows; ++r) {
        for (int32_t u = 0; u < p->units; ++u) {
            const int32_t acc = dot_product(p, input, r, depth, input_offset, weights, bias, u, multiplier, shift);
            output[r * p->units + u] = (int16_t)mg_clamp(acc, INT16_MIN, INT16_MAX);
        }
    }
}

static void add_saturating(const int16_t *a, const int16_t *b, int32_t count, int16_t *sum)
{
    for (int32_t i = 0; i < count; ++i) {
        sum[i] = (int16_t)mg_clamp(a[i] + b[i], INT16_MIN, INT16_MAX);
    }
}

static void multiply_s16(const int16_t *a, const int16_t *b, int32_t count, int32_t multiplier, int32_t shift,
                         int16_t *product)
{
    for (int32_t i = 0; i < count; ++i) {
        product[i] = (int16_t)mg_clamp(mg_multiply_by_quantized_multiplier(a[i] * b[i], multiplier, shift), INT16_MIN,
                                       INT16_MAX);
    }
}

static void gate(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, int g, const step_rows *s,
                 int16_t *out, int16_t *recurrent)
{
    const int32_t count = s->rows * p->units;
    fully_connected_s16(p, s->input, s->rows, p->input_size, -p->input_zero_point, d->input_weights[g], d->bias[g],
                        p->fc_multipliers[2 * g], p->fc_shifts[2 * g], out);
    fully_connected_s16(p, s->hidden, s->rows, p->units, -p->hidden_zero_point, d->recurrent_weights[g], NULL,
                        p->fc_multipliers[2 * g + 1], p->fc_shifts[2 * g + 1], recurrent);
    add_saturating(out, recurrent, count, out);
    /* Q3.12 in: TFLite Micro passes multiplier 0 and shift 0, the power-of-two case (multiplier 3, no shift) */
    const mg_logistic_params q3_12 = {.count = count, .input_multiplier = 3};
    if (g == MG_LSTM_CELL_GATE) {
        mg_tanh_s16(&q3_12, out, out);
    } else {
        mg_logistic_s16(&q3_12, out, out);
    }
}

static void update_cell(const mg_unidirectional_sequence_lstm_params *p, int16_t *cell, const int16_t *forget,
                        int16_t *input_gate, const int16_t *cell_gate, int32_t count)
{
    multiply_s16(forget, cell, count, p->forget_multiplier, p->forget_shift, cell);
    multiply_s16(input_gate, cell_gate, count, p->input_multiplier, p->input_shift, input_gate);
    add_saturating(cell, input_gate, count, cell);
    if (p->cell_clip > 0.0f) {
        for (int32_t i = 0; i < count; ++i) {
            cell[i] = (int16_t)mg_clamp(cell[i], -p->cell_clip_q, p->cell_clip_q);
        }
    }
}

static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 int16_t *scratch)
{
    const int32_t count = s->rows * p->units;
    MG_LSTM_STEP_GATES(int16_t, p, d, s, scratch);
    update_cell(p, s->cell, forget, input_gate, cell_gate, count);
    int16_t *output_gate = input_gate;
    gate(p, d, MG_LSTM_OUTPUT_GATE, s, output_gate, temp);
    const mg_tanh_params cell_tanh = {
        .count = count, .input_multiplier = p->cell_tanh_multiplier, .input_left_shift = p->cell_tanh_shift};
    mg_tanh_s16(&cell_tanh, s->cell, forget);
    for (int32_t i = 0; i < count; ++i) {
        const int32_t h = p->hidden_zero_point + mg_multiply_by_quantized_multiplier(
                                                     forget[i] * output_gate[i], p->hidden_multiplier, p->hidden_shift);
        if (p->activation_bytes == 2) {
            ((int16_t *)s->hidden)[i] = (int16_t)mg_clamp(h, INT16_MIN, INT16_MAX);
        } else {
            ((int8_t *)s->hidden)[i] = (int8_t)mg_clamp(h, INT8_MIN, INT8_MAX);
        }
    }
    memcpy(s->output, s->hidden, (size_t)count * (size_t)p->activation_bytes);
}

void mg_unidirectional_sequence_lstm_s8(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                        int16_t *scratch)
{
    MG_LSTM_SEQUENCE(void, int16_t, p->activation_bytes, p, d, scratch)
}
