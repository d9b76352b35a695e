/* int8 UNIDIRECTIONAL_SEQUENCE_LSTM on the mve backend (Cortex-M55 Helium), bit-exact with the reference int8
 * kernel (unidirectional_sequence_lstm_s8.c). Per step and batch row, each gate's two fully connected layers run
 * four units a pass: sixteen taps of the row against sixteen of each of four weight rows (VMLADAVA, the last taps
 * predicated), the generator's folded biases added (ops/mve_unidirectional_sequence_lstm.py: each layer's input
 * zero point folded into its bias, equal modulo 2^32), requantized into Q3.12 as TFLite does (mg_mve.h), saturated,
 * summed and put through the int16 sigmoid or tanh, four lanes at a time (the sigmoid table read by gather loads).
 * Then the cell and hidden states are updated four elements at a time. All four gates run before the update: the
 * output gate reads only the input and the previous hidden state. */
#pragma GCC optimize("O3")
#include "mg_sigmoid_table.h"
#include "unidirectional_sequence_lstm.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

MG_LSTM_STEP_ROWS(int8_t, int16_t);

static inline int32_t round_up4(int32_t n)
{
    return (n + 3) & ~3;
}

/* Row x (depth > 0 int8 values) against weight rows w0 .. w3 (each `depth` apart in the model), plus the biases:
 * a tail-predicated loop (DLSTP/LETP: the last pass reads and sums only the taps left) of one load of x, and per
 * row one load and one VMLADAVA (whose accumulators must be even registers: "Te"). */
static inline __attribute__((always_inline)) int32x4_t four_rows(const int8_t *x, const int8_t *w0, const int8_t *w1,
                                                                 const int8_t *w2, const int8_t *w3, int32_t depth,
                                                                 const int32_t *bias)
{
    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    __asm__ volatile("dlstp.8     lr, %[n]\n"
                     "1:\n\t"
                     "vldrb.8     q0, [%[x]], #16\n\t"
                     "vldrb.8     q1, [%[w0]], #16\n\t"
                     "vmladava.s8 %[a0], q0, q1\n\t"
                     "vldrb.8     q2, [%[w1]], #16\n\t"
                     "vmladava.s8 %[a1], q0, q2\n\t"
                     "vldrb.8     q1, [%[w2]], #16\n\t"
                     "vmladava.s8 %[a2], q0, q1\n\t"
                     "vldrb.8     q2, [%[w3]], #16\n\t"
                     "vmladava.s8 %[a3], q0, q2\n\t"
                     "letp        lr, 1b"
                     : [a0] "+Te"(a0), [a1] "+Te"(a1), [a2] "+Te"(a2), [a3] "+Te"(a3), [x] "+r"(x), [w0] "+r"(w0),
                       [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3)
                     : [n] "r"(depth)
                     : "q0", "q1", "q2", "lr", "memory");
    return vaddq_s32(mve_vec4(a0, a1, a2, a3), vldrwq_s32(bias));
}

/* One layer's Q3.12 value for units u .. u + 3 (rows past `units` repeat the last real one; their lanes are not
 * stored), saturated to int16 as TFLite Micro's FullyConnected does. */
static inline __attribute__((always_inline)) int32x4_t layer(const int8_t *x, const int8_t *w, int32_t depth,
                                                             int32_t units, int32_t u, const int32_t *bias,
                                                             int32_t multiplier, int32_t shift)
{
    const int32_t last = units - 1;
    const int8_t *w0 = w + u * depth, *w1 = w + (u + 1 < last ? u + 1 : last) * depth;
    const int8_t *w2 = w + (u + 2 < last ? u + 2 : last) * depth, *w3 = w + (u + 3 < last ? u + 3 : last) * depth;
    const int32x4_t acc = mve_requant_n(four_rows(x, w0, w1, w2, w3, depth, bias + u), multiplier, shift);
    return vminq_s32(vmaxq_s32(acc, vdupq_n_s32(INT16_MIN)), vdupq_n_s32(INT16_MAX));
}

/* The int16 LOGISTIC kernel's step (logistic_s16.c) on four Q3.12 lanes (multiplier 3, no shift: TFLite Micro's
 * power-of-two case): linear interpolation in the sigmoid table on |x| in steps of 2^9, mirrored for negative x,
 * rounded to Q0.15. */
static inline int32x4_t sigmoid4(int32x4_t v)
{
    const int32x4_t x = vmulq_n_s32(v, 3);
    const uint32x4_t magnitude = vreinterpretq_u32_s32(vabsq_s32(x)), index = vshrq_n_u32(magnitude, 9);
    const uint32x4_t at = vminq_u32(index, vdupq_n_u32(MG_SIGMOID_TABLE_SIZE - 2));
    const uint32x4_t low = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, at);
    const uint32x4_t high = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, vaddq_n_u32(at, 1));
    uint32x4_t result =
        vaddq_u32(vshlq_n_u32(low, 9), vmulq_u32(vandq_u32(magnitude, vdupq_n_u32(0x1FF)), vsubq_u32(high, low)));
    result = vpselq_u32(vdupq_n_u32(0x7FFFu << 10), result, vcmpcsq_n_u32(index, MG_SIGMOID_TABLE_SIZE - 1));
    const uint32x4_t negative = vsubq_u32(vdupq_n_u32((1u << 25) + (1u << 9) - 1u), result);
    result = vpselq_u32(vaddq_n_u32(result, 1u << 9), negative, vcmpgeq_n_s32(x, 0));
    return vreinterpretq_s32_u32(vshrq_n_u32(result, 10));
}

/* The int16 TANH kernel's step (tanh_s16.c) on four lanes: the input rescaled (mg_sigmoid_input_s16), linear
 * interpolation on |x| in steps of 2^8, mirrored, rounded to Q0.15. */
static inline int32x4_t tanh4(int32x4_t v, int32_t multiplier, int32_t left_shift)
{
    const int32_t round = left_shift > 0 ? 1 << (left_shift - 1) : 0;
    const int32x4_t x = vshlq_r_s32(vaddq_n_s32(vmulq_n_s32(v, multiplier), round), -left_shift);
    const uint32x4_t magnitude = vreinterpretq_u32_s32(vabsq_s32(x)), index = vshrq_n_u32(magnitude, 8);
    const uint32x4_t at = vminq_u32(index, vdupq_n_u32(MG_SIGMOID_TABLE_SIZE - 2));
    const uint32x4_t low = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, at);
    const uint32x4_t high = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, vaddq_n_u32(at, 1));
    uint32x4_t result =
        vaddq_u32(vshlq_n_u32(low, 8), vmulq_u32(vandq_u32(magnitude, vdupq_n_u32(0xFF)), vsubq_u32(high, low)));
    result = vpselq_u32(vdupq_n_u32(0xFFFFu << 8), result, vcmpcsq_n_u32(index, MG_SIGMOID_TABLE_SIZE - 1));
    const int32x4_t r = vreinterpretq_s32_u32(result);
    const int32x4_t positive = vaddq_n_s32(r, (1 << 7) - (1 << 23));
    const int32x4_t negative = vsubq_s32(vdupq_n_s32((1 << 23) + (1 << 7) - 1), r);
    return vshrq_n_s32(vpselq_s32(positive, negative, vcmpgeq_n_s32(x, 0)), 8);
}

static inline int32x4_t saturate16(int32x4_t v)
{
    return vminq_s32(vmaxq_s32(v, vdupq_n_s32(INT16_MIN)), vdupq_n_s32(INT16_MAX));
}

/* One gate for one row into out (units int16 values): per group of four units the two layers, their saturated
 * sum, the sigmoid (the cell gate: tanh). The gate's table: the input's then the hidden state's folded biases,
 * each padded to whole groups. */
static void gate(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, int g, const int8_t *x,
                 const int8_t *h, int16_t *out)
{
    const int32_t units = p->units, input_size = p->input_size;
    const int32_t *input_bias = p->backend_table + g * 2 * round_up4(units),
                  *hidden_bias = input_bias + round_up4(units);
    const int32_t m_in = p->fc_multipliers[2 * g], s_in = p->fc_shifts[2 * g];
    const int32_t m_h = p->fc_multipliers[2 * g + 1], s_h = p->fc_shifts[2 * g + 1];
    for (int32_t u = 0; u < units; u += 4) {
        const int32x4_t a = layer(x, d->input_weights[g], input_size, units, u, input_bias, m_in, s_in);
        const int32x4_t b = layer(h, d->recurrent_weights[g], units, units, u, hidden_bias, m_h, s_h);
        const int32x4_t v = saturate16(vaddq_s32(a, b));
        const int32x4_t y = g == MG_LSTM_CELL_GATE ? tanh4(v, 3, 0) : sigmoid4(v);
        vstrhq_p_s32(out + u, y, vctp32q((uint32_t)(units - u)));
    }
}

/* The reference's cell update (multiply, multiply, saturating add, clip) and hidden state (output gate times the
 * cell's tanh, into int8), four elements at a time, the hidden state copied to the step's output. */
static void update_states(const mg_unidirectional_sequence_lstm_params *p, const int16_t *forget,
                          const int16_t *input_gate, const int16_t *cell_gate, const int16_t *output_gate,
                          const step_rows *s, int32_t count)
{
    const int32_t clip = p->cell_clip > 0.0f ? p->cell_clip_q : INT16_MAX;
    const int32x4_t high = vdupq_n_s32(clip), low = vdupq_n_s32(p->cell_clip > 0.0f ? -clip : INT16_MIN);
    for (int32_t i = 0; i < count; i += 4) {
        const mve_pred16_t pred = vctp32q((uint32_t)(count - i));
        const int32x4_t f = vldrhq_z_s32(forget + i, pred), c = vldrhq_z_s32(s->cell + i, pred);
        const int32x4_t in = vldrhq_z_s32(input_gate + i, pred), cg = vldrhq_z_s32(cell_gate + i, pred);
        const int32x4_t kept = saturate16(mve_requant_n(vmulq_s32(f, c), p->forget_multiplier, p->forget_shift));
        const int32x4_t added = saturate16(mve_requant_n(vmulq_s32(in, cg), p->input_multiplier, p->input_shift));
        const int32x4_t cell = vminq_s32(vmaxq_s32(saturate16(vaddq_s32(kept, added)), low), high);
        vstrhq_p_s32(s->cell + i, cell, pred);
        const int32x4_t t = tanh4(cell, p->cell_tanh_multiplier, p->cell_tanh_shift);
        const int32x4_t og = vldrhq_z_s32(output_gate + i, pred);
        int32x4_t hidden = mve_requant_n(vmulq_s32(t, og), p->hidden_multiplier, p->hidden_shift);
        hidden = vaddq_n_s32(hidden, p->hidden_zero_point);
        hidden = vminq_s32(vmaxq_s32(hidden, vdupq_n_s32(INT8_MIN)), vdupq_n_s32(INT8_MAX));
        vstrbq_p_s32(s->hidden + i, hidden, pred);
        vstrbq_p_s32(s->output + i, hidden, pred);
    }
}

/* Scratch: the family's four gate buffers, one per gate here. */
static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 int16_t *scratch)
{
    const int32_t units = p->units, count = s->rows * units;
    for (int32_t row = 0; row < s->rows; ++row) {
        const int8_t *x = s->input + row * p->input_size, *h = s->hidden + row * units;
        for (int g = 0; g < MG_LSTM_GATES; ++g) {
            gate(p, d, g, x, h, scratch + g * count + row * units);
        }
    }
    update_states(p, scratch + MG_LSTM_FORGET_GATE * count, scratch + MG_LSTM_INPUT_GATE * count,
                  scratch + MG_LSTM_CELL_GATE * count, scratch + MG_LSTM_OUTPUT_GATE * count, s, count);
}

static void run(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, int16_t *scratch)
{
    MG_LSTM_SEQUENCE(int8_t, int16_t, 1, p, d, scratch)
}

static mg_status invoke(mg_node *node)
{
    mg_lstm_data d;
    mg_lstm_node_data(node, &d);
    run(node->params, &d, node->scratch);
    return MG_OK;
}

/* The mve backend takes int8 nodes only (its catalog entry claims no others); the family's prepare. */
const mg_registration mg_register_unidirectional_sequence_lstm_mve = {0, 0, mg_unidirectional_sequence_lstm_prepare,
                                                                      invoke};

#endif
