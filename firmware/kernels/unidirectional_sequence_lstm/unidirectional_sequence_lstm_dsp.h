/* The dsp LSTM kernels' shared pieces (unidirectional_sequence_lstm_s8_dsp.c, unidirectional_sequence_lstm_s16_dsp.c):
 * the four-row SMLAD dot product over the generator's widened weights, the int16 saturation, the element-wise
 * products' requantization and the int16 sigmoid and tanh of one value. */
#ifndef MG_UNIDIRECTIONAL_SEQUENCE_LSTM_DSP_H
#define MG_UNIDIRECTIONAL_SEQUENCE_LSTM_DSP_H

#include "mg_dsp.h"
#include "mg_dsp_requant.h"
#include "mg_sigmoid_table.h"
#include "unidirectional_sequence_lstm.h"

/* The generator's copy of a layer's weights (input_widened, hidden_widened), widened to int16 so that the dot
 * products need no SXTB16 of their own: per gate, in blocks of four units (the last padded with zero rows), each
 * block a run of tap quads (the last padded with zero taps), each quad the four rows' taps (w0, w2) and (w1, w3)
 * as two words, the order of the input word's SXTB16 halves (x0, x2) and (x1, x3). */
static inline int32_t round_up4(int32_t n)
{
    return (n + 3) & ~3;
}

/* One block of four units: bias[r] plus row r times the expanded input over `quads` quads (> 0), stored to
 * out[2 r]; returns the next block's weights. On the device the loop is assembly: LDM brings two rows' pairs at
 * a time, which needs fixed, ascending registers. */
static inline __attribute__((always_inline)) const int32_t *
four_rows(const int32_t *bias, const int32_t *w, const uint32_t *pairs, int32_t quads, int32_t *out)
{
#if MG_DSP_NATIVE
    register int32_t a0 __asm__("r0") = bias[0];
    register int32_t a1 __asm__("r1") = bias[1];
    register int32_t a2 __asm__("r2") = bias[2];
    register int32_t a3 __asm__("r3") = bias[3];
    register const int32_t *wp __asm__("r10") = w;
    register const uint32_t *xp __asm__("r12") = pairs;
    register const uint32_t *end __asm__("lr") = pairs + 2 * quads;
#define MG_LSTM_TWO_ROWS(a, b)                                                                                         \
    "ldmia r10!, {r6, r7, r8, r9}\n\t"                                                                                 \
    "smlad " a ", r6, r4, " a "\n\t"                                                                                   \
    "smlad " a ", r7, r5, " a "\n\t"                                                                                   \
    "smlad " b ", r8, r4, " b "\n\t"                                                                                   \
    "smlad " b ", r9, r5, " b "\n\t"
#define MG_LSTM_QUAD "ldrd r4, r5, [r12], #8\n\t" MG_LSTM_TWO_ROWS("r0", "r1") MG_LSTM_TWO_ROWS("r2", "r3")
    /* four quads a turn (the compare and branch once per 64 MACs), an odd one and an odd pair first: 8 bytes of
     * pairs a quad */
    __asm__ volatile("sub r4, lr, r12\n\t"
                     "tst r4, #8\n\t"
                     "beq 1f\n\t" MG_LSTM_QUAD "sub r4, lr, r12\n" /* the quad took r4 */
                     "1:\n\t"
                     "tst r4, #16\n\t"
                     "beq 2f\n\t" MG_LSTM_QUAD MG_LSTM_QUAD "\n"
                     "2:\n\t"
                     "cmp r12, lr\n\t"
                     "beq 4f\n"
                     "3:\n\t" MG_LSTM_QUAD MG_LSTM_QUAD MG_LSTM_QUAD MG_LSTM_QUAD "cmp r12, lr\n\t"
                     "bne 3b\n"
                     "4:\n\t"
                     : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(wp), "+r"(xp)
                     : "r"(end)
                     : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
#undef MG_LSTM_TWO_ROWS
#undef MG_LSTM_QUAD
    w = wp;
#else
    int32_t a0 = bias[0], a1 = bias[1], a2 = bias[2], a3 = bias[3];
    for (int32_t q = 0; q < quads; ++q, pairs += 2, w += 8) {
        a0 = dsp_smlad((uint32_t)w[1], pairs[1], dsp_smlad((uint32_t)w[0], pairs[0], a0));
        a1 = dsp_smlad((uint32_t)w[3], pairs[1], dsp_smlad((uint32_t)w[2], pairs[0], a1));
        a2 = dsp_smlad((uint32_t)w[5], pairs[1], dsp_smlad((uint32_t)w[4], pairs[0], a2));
        a3 = dsp_smlad((uint32_t)w[7], pairs[1], dsp_smlad((uint32_t)w[6], pairs[0], a3));
    }
#endif
    out[0] = a0;
    out[2] = a1;
    out[4] = a2;
    out[6] = a3;
    return w;
}

static inline int32_t saturate16(int32_t x)
{
#if MG_DSP_NATIVE
    return __ssat(x, 16);
#else
    return dsp_clamp(x, INT16_MIN, INT16_MAX);
#endif
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

/* The int16 LOGISTIC and TANH kernels' step for one value (logistic_s16.c, tanh_s16.c), inlined: the input rescaled
 * to the sigmoid table's scale (x, the callers' step), linear interpolation on |x| (steps of 2^9 for the sigmoid,
 * 2^8 for tanh), mirrored for negative inputs, rounded to Q0.15. The kernels' rounding of a negative input is the
 * positive's mirrored: for the sigmoid (2^25 - r + 511) >> 10 = 2^15 - ((r + 512) >> 10) for 0 <= r <= 2^25, for
 * tanh (2^23 + 127 - r) >> 8 = -((r - 2^23 + 128) >> 8) (floor((255 - q) / 256) = -floor(q / 256)). */
/* A gate's sigmoid: its Q3.12 input v (TFLite Micro passes it as multiplier 0 and shift 0, the power-of-two case:
 * x = 3 v) never reaches the table's end (3 * 2^15 >> 9 < 255). */
static inline int32_t gate_sigmoid(int32_t v)
{
    const int32_t x = 3 * v;
    const uint32_t magnitude = (uint32_t)(x < 0 ? -x : x), index = magnitude >> 9;
    const uint32_t low = mg_sigmoid_table_q16[index], high = mg_sigmoid_table_q16[index + 1];
    const int32_t rounded = (int32_t)(((low << 9) + (magnitude & 0x1FFu) * (high - low) + 512u) >> 10);
    return x < 0 ? 32768 - rounded : rounded;
}

static inline int32_t tanh_of_scaled(int32_t x)
{
    const uint32_t magnitude = (uint32_t)(x < 0 ? -x : x), index = magnitude >> 8;
    int32_t result = 0xFFFF << 8;
    if (index < MG_SIGMOID_TABLE_SIZE - 1) {
        const uint32_t low = mg_sigmoid_table_q16[index], high = mg_sigmoid_table_q16[index + 1];
        result = (int32_t)((low << 8) + (magnitude & 0xFFu) * (high - low));
    }
    const int32_t rounded = (result - (1 << 23) + (1 << 7)) >> 8;
    return x < 0 ? -rounded : rounded;
}

/* The cell update's constants, made once per call (TFLite Micro's inter-gate products, the cell clip, the cell
 * state's tanh input step with its rounding and the hidden state's zero point). */
typedef struct {
    product_scale keep, add, hidden;
    int32_t clip, low;
    int32_t tanh_multiplier, tanh_round, tanh_shift, zero_point;
} cell_scales;

static inline cell_scales cell_scales_of(const mg_unidirectional_sequence_lstm_params *p)
{
    const int32_t clip = p->cell_clip > 0.0f ? p->cell_clip_q : INT16_MAX;
    const int32_t shift = p->cell_tanh_shift;
    return (cell_scales){scale_of(p->forget_multiplier, p->forget_shift),
                         scale_of(p->input_multiplier, p->input_shift),
                         scale_of(p->hidden_multiplier, p->hidden_shift),
                         clip,
                         p->cell_clip > 0.0f ? -clip : INT16_MIN,
                         p->cell_tanh_multiplier,
                         shift > 0 ? 1 << (shift - 1) : 0,
                         shift,
                         p->hidden_zero_point};
}

/* The reference's cell update of element k of a block (its four gates MG_LSTM_DSP_BLOCK apart in gates: multiply,
 * multiply, saturating add, clip) into *cell, and its hidden state (the output gate times the cell's tanh, plus the
 * zero point) before the activation type's saturation. */
static inline __attribute__((always_inline)) int32_t update_cell(const cell_scales *c, const int16_t *gates, int32_t k,
                                                                 int16_t *cell)
{
    const int32_t kept = saturate16(product(gates[MG_LSTM_DSP_BLOCK * MG_LSTM_FORGET_GATE + k], *cell, c->keep));
    const int32_t added = saturate16(product(gates[MG_LSTM_DSP_BLOCK * MG_LSTM_INPUT_GATE + k],
                                             gates[MG_LSTM_DSP_BLOCK * MG_LSTM_CELL_GATE + k], c->add));
    const int32_t value = dsp_clamp(saturate16(kept + added), c->low, c->clip);
    *cell = (int16_t)value;
    const int32_t t = tanh_of_scaled((value * c->tanh_multiplier + c->tanh_round) >> c->tanh_shift);
    return c->zero_point + product(t, gates[MG_LSTM_DSP_BLOCK * MG_LSTM_OUTPUT_GATE + k], c->hidden);
}

#endif
