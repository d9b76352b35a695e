/* int8 UNIDIRECTIONAL_SEQUENCE_LSTM on the mve backend (Cortex-M55 Helium), bit-exact with the reference int8
 * kernel (unidirectional_sequence_lstm_s8.c). Per step, batch row and gate: each of the two fully connected layers'
 * sums, four units a pass in one assembly loop (sixteen taps of the row against sixteen of each of four weight
 * rows, VMLADAVA, the last taps predicated); then, four units at a time, the generator's folded biases added
 * (ops/mve_unidirectional_sequence_lstm.py: each layer's input zero point folded into its bias, equal modulo 2^32),
 * each layer requantized into Q3.12 as TFLite does (mg_mve.h) and saturated, the two summed and put through the
 * int16 sigmoid or tanh (the sigmoid table read by gather loads). Then the cell and hidden states are updated four
 * elements at a time. All four gates run before the update: the output gate reads only the input and the previous
 * hidden state. */
#pragma GCC optimize("O3")
#include "mg_sigmoid_table.h"
#include "unidirectional_sequence_lstm.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"
#include "mg_mve_dots.h"

MG_LSTM_STEP_ROWS(int8_t, int16_t);

static inline int32_t round_up4(int32_t n)
{
    return (n + 3) & ~3;
}

/* The int16 LOGISTIC kernel's step (logistic_s16.c) on four Q3.12 lanes (multiplier 3, no shift: TFLite Micro's
 * power-of-two case): linear interpolation in the sigmoid table on |x| in steps of 2^9, mirrored for negative x,
 * rounded to Q0.15. Without selects: |x| is capped at 255 steps, which the entry index capped at 254 and a zero
 * fraction turn into entry 254 << 9 = 65534 << 9, the saturated value 0x7FFF << 10; the mirror is r or -r by the
 * sign mask plus the offset of either side. */
static inline __attribute__((always_inline)) int32x4_t sigmoid4(int32x4_t v)
{
    const int32x4_t x = vmulq_n_s32(v, 3), sign = vshrq_n_s32(x, 31);
    const uint32x4_t magnitude = vminq_u32(vreinterpretq_u32_s32(vabsq_s32(x)), vdupq_n_u32(255u << 9));
    const uint32x4_t at = vminq_u32(vshrq_n_u32(magnitude, 9), vdupq_n_u32(MG_SIGMOID_TABLE_SIZE - 2));
    const uint32x4_t low = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, at);
    const uint32x4_t high = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, vaddq_n_u32(at, 1));
    const int32x4_t r = vreinterpretq_s32_u32(
        vaddq_u32(vshlq_n_u32(low, 9), vmulq_u32(vandq_u32(magnitude, vdupq_n_u32(0x1FF)), vsubq_u32(high, low))));
    /* x >= 0: r + 2^9; x < 0: 2^25 - r + 2^9 - 1 */
    const int32x4_t mirrored = vsubq_s32(veorq_s32(r, sign), sign);
    const int32x4_t offset = vaddq_n_s32(vandq_s32(sign, vdupq_n_s32((1 << 25) - 1)), 1 << 9);
    return vreinterpretq_s32_u32(vshrq_n_u32(vreinterpretq_u32_s32(vaddq_s32(mirrored, offset)), 10));
}

/* The int16 TANH kernel's step (tanh_s16.c) on four lanes: the input rescaled (mg_sigmoid_input_s16), linear
 * interpolation on |x| in steps of 2^8, mirrored, rounded to Q0.15. |x| capped at 255 steps reads entry 255
 * (65535) with a zero fraction: the saturated value 0xFFFF << 8; the mirror as sigmoid4's. */
static inline __attribute__((always_inline)) int32x4_t tanh4(int32x4_t v, int32_t multiplier, int32_t left_shift)
{
    int32x4_t x = vmulq_n_s32(v, multiplier);
    if (left_shift > 0) {
        x = vshlq_r_s32(vaddq_n_s32(x, 1 << (left_shift - 1)), -left_shift);
    }
    const int32x4_t sign = vshrq_n_s32(x, 31);
    const uint32x4_t magnitude = vminq_u32(vreinterpretq_u32_s32(vabsq_s32(x)), vdupq_n_u32(255u << 8));
    const uint32x4_t at = vshrq_n_u32(magnitude, 8);
    const uint32x4_t low = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, at);
    const uint32x4_t next = vminq_u32(vaddq_n_u32(at, 1), vdupq_n_u32(MG_SIGMOID_TABLE_SIZE - 1));
    const uint32x4_t high = vldrhq_gather_shifted_offset_u32(mg_sigmoid_table_q16, next);
    const int32x4_t r = vreinterpretq_s32_u32(
        vaddq_u32(vshlq_n_u32(low, 8), vmulq_u32(vandq_u32(magnitude, vdupq_n_u32(0xFF)), vsubq_u32(high, low))));
    /* x >= 0: r - 2^23 + 2^7; x < 0: -r + 2^23 + 2^7 - 1 */
    const int32x4_t mirrored = vsubq_s32(veorq_s32(r, sign), sign);
    const int32x4_t offset = vaddq_n_s32(vandq_s32(sign, vdupq_n_s32((1 << 24) - 1)), (1 << 7) - (1 << 23));
    return vshrq_n_s32(vaddq_s32(mirrored, offset), 8);
}

/* v saturated to int16 in two instructions and no constant register: shifted left 16 with saturation, back. */
static inline int32x4_t saturate16(int32x4_t v)
{
    return vshrq_n_s32(vqshlq_n_s32(v, 16), 16);
}

/* Four units of a gate: both layers' sums requantized into Q3.12 and saturated as TFLite Micro's FullyConnected
 * does, their saturated sum, the sigmoid (the cell gate: tanh). */
static inline __attribute__((always_inline)) int32x4_t activation(const int32_t *sums, const int32_t *hidden_sums,
                                                                  const int32_t *bias, const int32_t *hidden_bias,
                                                                  int32_t m_in, int32_t s_in, int32_t m_h, int32_t s_h,
                                                                  int is_cell_gate)
{
    const int32x4_t acc = vaddq_s32(vldrwq_s32(sums), vldrwq_s32(bias));
    const int32x4_t hidden_acc = vaddq_s32(vldrwq_s32(hidden_sums), vldrwq_s32(hidden_bias));
    const int32x4_t a = saturate16(mve_requant_n(acc, m_in, s_in));
    const int32x4_t b = saturate16(mve_requant_n(hidden_acc, m_h, s_h));
    const int32x4_t v = saturate16(vaddq_s32(a, b));
    return is_cell_gate ? tanh4(v, 3, 0) : sigmoid4(v);
}

/* One gate for one row into out (units int16 values): the input's and the hidden state's sums (scratch `sums`),
 * then their activation four units at a time, the last group's store predicated. The gate's table: the input's
 * then the hidden state's folded biases, each padded to whole groups. */
static void gate(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, int g, const int8_t *x,
                 const int8_t *h, int32_t *sums, int16_t *out)
{
    const int32_t units = p->units, units4 = round_up4(units);
    const int32_t *bias = p->backend_table + g * 2 * units4, *hidden_bias = bias + units4;
    int32_t *hidden_sums = sums + units4;
    mve_row_sums_s8(x, d->input_weights[g], p->input_size, units, sums);
    mve_row_sums_s8(h, d->recurrent_weights[g], units, units, hidden_sums);
    const int32_t m_in = p->fc_multipliers[2 * g], s_in = p->fc_shifts[2 * g];
    const int32_t m_h = p->fc_multipliers[2 * g + 1], s_h = p->fc_shifts[2 * g + 1];
    const int is_cell_gate = g == MG_LSTM_CELL_GATE;
    int32_t u = 0;
    for (; u + 4 <= units; u += 4) {
        vstrhq_s32(out + u, activation(sums + u, hidden_sums + u, bias + u, hidden_bias + u, m_in, s_in, m_h, s_h,
                                       is_cell_gate));
    }
    if (u < units) {
        const int32x4_t y =
            activation(sums + u, hidden_sums + u, bias + u, hidden_bias + u, m_in, s_in, m_h, s_h, is_cell_gate);
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

/* Scratch: the family's four gate buffers, one per gate here, then one gate's sums
 * (mg_unidirectional_sequence_lstm_s8_mve_scratch_size). */
static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 int16_t *scratch)
{
    const int32_t units = p->units, count = s->rows * units;
    int32_t *sums = (int32_t *)(scratch + MG_LSTM_GATES * p->batches * units);
    for (int32_t row = 0; row < s->rows; ++row) {
        const int8_t *x = s->input + row * p->input_size, *h = s->hidden + row * units;
        for (int g = 0; g < MG_LSTM_GATES; ++g) {
            gate(p, d, g, x, h, sums, scratch + g * count + row * units);
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

/* The family's prepare, and room for the sums after the gate buffers. */
static mg_status prepare(mg_node *node)
{
    const mg_status status = mg_unidirectional_sequence_lstm_prepare(node);
    const mg_unidirectional_sequence_lstm_params *p = node->params;
    if (status == MG_OK &&
        node->scratch_size < mg_unidirectional_sequence_lstm_s8_mve_scratch_size(p->batches, p->units)) {
        return mg_fail(node, "scratch smaller than mg_unidirectional_sequence_lstm_s8_mve_scratch_size");
    }
    return status;
}

/* The mve backend takes int8 nodes only (its catalog entry claims no others). */
const mg_registration mg_register_unidirectional_sequence_lstm_mve = {0, 0, prepare, invoke};

#endif
