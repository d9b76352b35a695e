/* int8 UNIDIRECTIONAL_SEQUENCE_LSTM on the dsp backend (Cortex-M4/M7/M33): the reference int8 kernel's step
 * (unidirectional_sequence_lstm_s8.c) with its gate matmuls as SXTB16/SMLAD dot products, four weight rows per
 * pass against one input word's halves. The generator folds each fully connected layer's input zero point into
 * its bias (sum over k of w * (x + offset) = bias' + sum of w * x) and proves that no partial sum reaches 2^30, so
 * the accumulators and the fast requantization of mg_dsp_requant.h are exact (ops/dsp_unidirectional_sequence_lstm
 * .py). All four gates' matmuls run first (the output gate reads only the input and the previous hidden state),
 * then the same element-wise steps as the reference. */
#pragma GCC optimize("O2")
#include "mg_dsp.h"
#include "mg_dsp_requant.h"
#include "mg_sigmoid_table.h"
#include "unidirectional_sequence_lstm.h"

MG_LSTM_STEP_ROWS(int8_t, int16_t);

/* The generator's copy of the weights (backend_weights), widened to int16 so that the dot products need no SXTB16
 * of their own: per gate, the input's then the hidden state's layer, each in blocks of four units (the last
 * padded with zero rows), each block a run of tap quads (the last padded with zero taps), each quad the four rows'
 * taps (w0, w2) and (w1, w3) as two words, the order of the input word's SXTB16 halves (x0, x2) and (x1, x3). */
static inline int32_t round_up4(int32_t n)
{
    return (n + 3) & ~3;
}

/* Tap j (0-3) of a quad's row, from its two words. */
static inline int32_t quad_tap(const int32_t *row, int32_t j)
{
    return (int16_t)((uint32_t)row[j & 1] >> (16 * (j >> 1)));
}

/* acc[r] += the block's row r times x over depth taps; the block's quads are at w. */
static inline __attribute__((always_inline)) void four_rows(int32_t *acc, const int32_t *w, const int8_t *x,
                                                            int32_t depth)
{
    const int32_t k4 = depth & ~3;
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    if (k4 > 0) {
#if MG_DSP_NATIVE
        const int8_t *end = x + k4;
        uint32_t x02, x13, w02, w13;
#define MG_LSTM_ROW(a)                                                                                                 \
    "ldrd %[w02], %[w13], [%[w]], #8\n\tsmlad " a ", %[w02], %[x02], " a "\n\tsmlad " a ", %[w13], %[x13], " a "\n\t"
        __asm__ volatile("1:\n\t"
                         "ldr %[x02], [%[x]], #4\n\t"
                         "sxtb16 %[x13], %[x02], ror #8\n\t"
                         "sxtb16 %[x02], %[x02]\n\t" MG_LSTM_ROW("%[a0]") MG_LSTM_ROW("%[a1]") MG_LSTM_ROW("%[a2]")
                             MG_LSTM_ROW("%[a3]") "cmp %[x], %[end]\n\t"
                                                  "bne 1b\n\t"
                         : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [w] "+r"(w), [x] "+r"(x),
                           [x02] "=&r"(x02), [x13] "=&r"(x13), [w02] "=&r"(w02), [w13] "=&r"(w13)
                         : [end] "r"(end)
                         : "cc", "memory");
#undef MG_LSTM_ROW
#else
        for (int32_t k = 0; k < k4; k += 4, x += 4, w += 8) {
            const uint32_t xv = dsp_ld32(x), x02 = dsp_sxtb16(xv), x13 = dsp_sxtb16_ror8(xv);
            a0 = dsp_smlad((uint32_t)w[1], x13, dsp_smlad((uint32_t)w[0], x02, a0));
            a1 = dsp_smlad((uint32_t)w[3], x13, dsp_smlad((uint32_t)w[2], x02, a1));
            a2 = dsp_smlad((uint32_t)w[5], x13, dsp_smlad((uint32_t)w[4], x02, a2));
            a3 = dsp_smlad((uint32_t)w[7], x13, dsp_smlad((uint32_t)w[6], x02, a3));
        }
#endif
    }
    /* the last quad's taps one by one: x has no whole word there */
    for (int32_t j = 0; j < depth - k4; ++j) {
        a0 += x[j] * quad_tap(w, j);
        a1 += x[j] * quad_tap(w + 2, j);
        a2 += x[j] * quad_tap(w + 4, j);
        a3 += x[j] * quad_tap(w + 6, j);
    }
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
}

static inline int32_t saturate16(int32_t x)
{
#if MG_DSP_NATIVE
    return __ssat(x, 16);
#else
    return dsp_clamp(x, INT16_MIN, INT16_MAX);
#endif
}

/* One fully connected layer's accumulator into Q3.12, saturated to int16 as TFLite Micro's FullyConnected does. */
static inline int32_t gate_part(int32_t acc, const dsp_channel *c)
{
    return saturate16(dsp_requant(acc * 2, c->multiplier, c->offset, c->shift));
}

static inline int16_t gate_sum(int32_t acc_input, const dsp_channel *c_input, int32_t acc_hidden,
                               const dsp_channel *c_hidden)
{
    return (int16_t)saturate16(gate_part(acc_input, c_input) + gate_part(acc_hidden, c_hidden));
}

/* MultiplyByQuantizedMultiplier of a product of two int16 gate or cell values, one of them a sigmoid (|a * b| <
 * 2^30, so twice it fits int32), by a multiplier below 0.5: mg_dsp_requant.h's exact form, the generator having
 * checked that the shift is a right shift of 1 to 30. */
typedef struct {
    int32_t multiplier, offset, shift;
} product_scale;

static inline product_scale scale_of(int32_t multiplier, int32_t shift)
{
    return (product_scale){multiplier, 1 << (-shift - 1), -shift};
}

static inline int32_t product(int32_t a, int32_t b, product_scale s)
{
    return dsp_requant(2 * a * b, s.multiplier, s.offset, s.shift);
}

/* The int16 LOGISTIC and TANH kernels' step for one value (logistic_s16.c, tanh_s16.c), inlined: the input
 * rescaled to the sigmoid table's scale, linear interpolation on |x| (steps of 2^9 for the sigmoid, 2^8 for
 * tanh), mirrored for negative inputs, rounded to Q0.15. */
static inline int32_t sigmoid_value(int32_t v, int32_t multiplier, int32_t left_shift)
{
    const int32_t x = mg_sigmoid_input_s16((int16_t)v, multiplier, left_shift);
    const uint32_t magnitude = (uint32_t)(x < 0 ? -x : x), index = magnitude >> 9;
    uint32_t result = 0x7FFFu << 10;
    if (index < MG_SIGMOID_TABLE_SIZE - 1) {
        const uint32_t low = mg_sigmoid_table_q16[index], high = mg_sigmoid_table_q16[index + 1];
        result = (low << 9) + (magnitude & 0x1FFu) * (high - low);
    }
    result = x >= 0 ? result + (1u << 9) : (1u << 25) - result + (1u << 9) - 1u;
    return (int32_t)(result >> 10);
}

static inline int32_t tanh_value(int32_t v, int32_t multiplier, int32_t left_shift)
{
    const int32_t x = mg_sigmoid_input_s16((int16_t)v, multiplier, left_shift);
    const uint32_t magnitude = (uint32_t)(x < 0 ? -x : x), index = magnitude >> 8;
    int32_t result = 0xFFFF << 8;
    if (index < MG_SIGMOID_TABLE_SIZE - 1) {
        const uint32_t low = mg_sigmoid_table_q16[index], high = mg_sigmoid_table_q16[index + 1];
        result = (int32_t)((low << 8) + (magnitude & 0xFFu) * (high - low));
    }
    result = x >= 0 ? result - (1 << 23) + (1 << 7) : -result + (1 << 23) + (1 << 7) - 1;
    return result >> 8;
}

/* A gate's Q3.12 pre-activation through its sigmoid, or for the cell gate tanh (TFLite Micro passes the Q3.12
 * input as multiplier 0 and shift 0, the power-of-two case: multiplier 3, no shift). */
static inline int16_t activate(int32_t v, int is_cell_gate)
{
    return (int16_t)(is_cell_gate ? tanh_value(v, 3, 0) : sigmoid_value(v, 3, 0));
}

/* One gate's activation (Q0.15) for one row: input x against the input layer's blocks w_input, hidden state h
 * against the hidden state's, each with its dsp_channel per unit. */
static void gate_row(const mg_unidirectional_sequence_lstm_params *p, const int32_t *w_input,
                     const dsp_channel *c_input, const dsp_channel *c_hidden, const int8_t *x, const int8_t *h,
                     int is_cell_gate, int16_t *out)
{
    const int32_t input_size = p->input_size, units = p->units;
    const int32_t input_block = 2 * round_up4(input_size), hidden_block = 2 * round_up4(units);
    const int32_t *w_hidden = w_input + round_up4(units) / 4 * input_block;
    for (int32_t u = 0; u < units; u += 4) {
        int32_t acc_input[4], acc_hidden[4];
        for (int32_t i = 0; i < 4; ++i) {
            acc_input[i] = u + i < units ? c_input[u + i].bias : 0;
            acc_hidden[i] = u + i < units ? c_hidden[u + i].bias : 0;
        }
        four_rows(acc_input, w_input + u / 4 * input_block, x, input_size);
        four_rows(acc_hidden, w_hidden + u / 4 * hidden_block, h, units);
        for (int32_t i = 0; i < 4 && u + i < units; ++i) {
            out[u + i] =
                activate(gate_sum(acc_input[i], &c_input[u + i], acc_hidden[i], &c_hidden[u + i]), is_cell_gate);
        }
    }
}

/* The reference's cell update (multiply, multiply, saturating add, clip) one element at a time. */
static void update_cell(const mg_unidirectional_sequence_lstm_params *p, int16_t *cell, const int16_t *forget,
                        const int16_t *input_gate, const int16_t *cell_gate, int32_t count)
{
    const product_scale keep = scale_of(p->forget_multiplier, p->forget_shift);
    const product_scale add = scale_of(p->input_multiplier, p->input_shift);
    const int32_t clip = p->cell_clip > 0.0f ? p->cell_clip_q : INT16_MAX;
    const int32_t low = p->cell_clip > 0.0f ? -clip : INT16_MIN;
    for (int32_t i = 0; i < count; ++i) {
        const int32_t kept = saturate16(product(forget[i], cell[i], keep));
        const int32_t added = saturate16(product(input_gate[i], cell_gate[i], add));
        cell[i] = (int16_t)dsp_clamp(saturate16(kept + added), low, clip);
    }
}

static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 int16_t *scratch)
{
    const int32_t units = p->units, count = s->rows * units;
    int16_t *gates[MG_LSTM_GATES];
    const int32_t gate_words = round_up4(units) * (round_up4(p->input_size) + round_up4(units)) / 2;
    for (int g = 0; g < MG_LSTM_GATES; ++g) {
        gates[g] = scratch + g * count;
        const dsp_channel *c_input = (const dsp_channel *)p->backend_table + 2 * g * units;
        for (int32_t row = 0; row < s->rows; ++row) {
            gate_row(p, p->backend_weights + g * gate_words, c_input, c_input + units, s->input + row * p->input_size,
                     s->hidden + row * units, g == MG_LSTM_CELL_GATE, gates[g] + row * units);
        }
    }
    update_cell(p, s->cell, gates[MG_LSTM_FORGET_GATE], gates[MG_LSTM_INPUT_GATE], gates[MG_LSTM_CELL_GATE], count);
    const product_scale hidden = scale_of(p->hidden_multiplier, p->hidden_shift);
    const int16_t *output_gate = gates[MG_LSTM_OUTPUT_GATE];
    for (int32_t i = 0; i < count; ++i) {
        const int32_t tanh_cell = tanh_value(s->cell[i], p->cell_tanh_multiplier, p->cell_tanh_shift);
        const int32_t h = p->hidden_zero_point + product(tanh_cell, output_gate[i], hidden);
        s->hidden[i] = s->output[i] = (int8_t)dsp_ssat8(h);
    }
}

void mg_unidirectional_sequence_lstm_s8_dsp(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                            int16_t *scratch)
{
    MG_LSTM_SEQUENCE(int8_t, int16_t, 1, p, d, scratch)
}

static mg_status invoke(mg_node *node)
{
    mg_lstm_data d;
    mg_lstm_node_data(node, &d);
    mg_unidirectional_sequence_lstm_s8_dsp(node->params, &d, node->scratch);
    return MG_OK;
}

/* The dsp backend takes int8 nodes only (its catalog entry claims no others): the family's prepare, this invoke. */
const mg_registration mg_register_unidirectional_sequence_lstm_dsp = {0, 0, mg_unidirectional_sequence_lstm_prepare,
                                                                      invoke};
