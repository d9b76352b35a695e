/* int8 UNIDIRECTIONAL_SEQUENCE_LSTM on the dsp backend (Cortex-M4/M7/M33), bit-exact with the reference int8 kernel
 * (unidirectional_sequence_lstm_s8.c). Per step and batch row: the input and the hidden state are expanded once into
 * SXTB16 pairs; each gate's two fully connected layers run as SMLAD dot products, four units a pass, against the
 * generator's int16 copy of the layer's weights (for a layer too large for that copy, the model's int8 weights);
 * each accumulator is requantized into Q3.12 (SMMLAR, as mg_dsp_requant.h) and goes through the gate's sigmoid or
 * tanh; once a block of units (MG_LSTM_DSP_BLOCK) has its four gates, its cell and hidden states are updated one
 * element at a time, so that only one block's gates are ever kept (scratch:
 * mg_unidirectional_sequence_lstm_s8_dsp_scratch_size). The generator folds each layer's input zero point into its
 * bias (the sum of w * (x + offset) is bias' + the sum of w * x), scales weights and biases by 2^(left shift + 1)
 * for the requantization below and claims a node only when it has proved that every partial sum so scaled fits int32
 * (ops/dsp_unidirectional_sequence_lstm.py), so the int32 accumulators and the requantizations are exact. Every
 * row's input and hidden state are expanded before any state or output is written: the dot products read only those
 * copies and the previous hidden state they hold. */
#pragma GCC optimize("O2")
#include <string.h>

#include "mg_dsp_mac.h"
#include "unidirectional_sequence_lstm_dsp.h"

MG_LSTM_STEP_ROWS(int8_t, int16_t);

/* x (n int8 values) as each quad's SXTB16 halves (x0, x2) and (x1, x3), zeros padding the last quad, into pairs
 * (two words a quad): once per step, for every gate's rows. */
static void expand(const int8_t *x, int32_t n, uint32_t *pairs)
{
    int32_t k = 0;
    for (; k + 4 <= n; k += 4, pairs += 2) {
        const uint32_t v = dsp_ld32(x + k);
        pairs[0] = dsp_sxtb16(v);
        pairs[1] = dsp_sxtb16_ror8(v);
    }
    if (k < n) {
        int8_t last[4] = {0, 0, 0, 0};
        memcpy(last, x + k, (size_t)(n - k));
        const uint32_t v = dsp_ld32(last);
        pairs[0] = dsp_sxtb16(v);
        pairs[1] = dsp_sxtb16_ror8(v);
    }
}

/* Four rows' sums scaled by 2^pre_shift plus the scaled biases, as the scaled weights would have given (the generator
 * proved every scaled sum fits int32), to the block's accumulators (every other one: the input's). */
static inline void scaled_sums(const int32_t acc[4], const int32_t *bias, int32_t pre_shift, int32_t *out)
{
    const int32_t scale = 1 << pre_shift;
    for (int32_t r = 0; r < 4; ++r) {
        out[2 * r] = acc[r] * scale + bias[r];
    }
}

/* The same block from the model's own int8 weights (rows `depth` apart; of the four, `rows` are real and the
 * others repeat row 0, their sums unused), when the generator keeps no widened copy and the rows are not in blocks:
 * each weight word's SXTB16 halves against the expanded input, the last depth % 4 taps one by one. */
static inline __attribute__((always_inline)) void four_rows_s8(const int32_t *bias, const int8_t *w, int32_t depth,
                                                               int32_t rows, const uint32_t *pairs, int32_t pre_shift,
                                                               int32_t *out)
{
    const int8_t *w1 = rows > 1 ? w + depth : w, *w2 = rows > 2 ? w + 2 * depth : w;
    const int8_t *w3 = rows > 3 ? w + 3 * depth : w;
    const int32_t k4 = depth & ~3;
    int32_t acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;
    if (k4 > 0) {
#if MG_DSP_NATIVE
        register int32_t a0 __asm__("r0") = 0;
        register int32_t a1 __asm__("r1") = 0;
        register int32_t a2 __asm__("r2") = 0;
        register int32_t a3 __asm__("r3") = 0;
        register const int8_t *p0 __asm__("r8") = w;
        register const int8_t *p1 __asm__("r9") = w1;
        register const int8_t *p2 __asm__("r10") = w2;
        register const int8_t *p3 __asm__("r11") = w3;
        register const uint32_t *xp __asm__("r12") = pairs;
        register const uint32_t *end __asm__("lr") = pairs + k4 / 2;
#define MG_LSTM_ROW_S8(p, a)                                                                                           \
    "ldr r6, [" p "], #4\n\t"                                                                                          \
    "sxtb16 r7, r6, ror #8\n\t"                                                                                        \
    "sxtb16 r6, r6\n\t"                                                                                                \
    "smlad " a ", r6, r4, " a "\n\t"                                                                                   \
    "smlad " a ", r7, r5, " a "\n\t"
        __asm__ volatile("1:\n\t"
                         "ldrd r4, r5, [r12], #8\n\t" MG_LSTM_ROW_S8("r8", "r0") MG_LSTM_ROW_S8("r9", "r1")
                             MG_LSTM_ROW_S8("r10", "r2") MG_LSTM_ROW_S8("r11", "r3") "cmp r12, lr\n\t"
                                                                                     "bne 1b\n\t"
                         : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(p0), "+r"(p1), "+r"(p2), "+r"(p3), "+r"(xp)
                         : "r"(end)
                         : "r4", "r5", "r6", "r7", "cc", "memory");
#undef MG_LSTM_ROW_S8
        acc0 = a0;
        acc1 = a1;
        acc2 = a2;
        acc3 = a3;
#else
        for (int32_t k = 0; k < k4; k += 4) {
            const uint32_t *x = pairs + k / 2;
            const uint32_t v0 = dsp_ld32(w + k), v1 = dsp_ld32(w1 + k), v2 = dsp_ld32(w2 + k), v3 = dsp_ld32(w3 + k);
            acc0 = dsp_smlad(dsp_sxtb16_ror8(v0), x[1], dsp_smlad(dsp_sxtb16(v0), x[0], acc0));
            acc1 = dsp_smlad(dsp_sxtb16_ror8(v1), x[1], dsp_smlad(dsp_sxtb16(v1), x[0], acc1));
            acc2 = dsp_smlad(dsp_sxtb16_ror8(v2), x[1], dsp_smlad(dsp_sxtb16(v2), x[0], acc2));
            acc3 = dsp_smlad(dsp_sxtb16_ror8(v3), x[1], dsp_smlad(dsp_sxtb16(v3), x[0], acc3));
        }
#endif
    }
    for (int32_t k = k4; k < depth; ++k) {
        const int32_t x = mg_dsp_pair_value(pairs, k);
        acc0 += w[k] * x;
        acc1 += w1[k] * x;
        acc2 += w2[k] * x;
        acc3 += w3[k] * x;
    }
    const int32_t acc[4] = {acc0, acc1, acc2, acc3};
    scaled_sums(acc, bias, pre_shift, out);
}

/* Whole blocks of four rows laid out by the generator over the model's (mg_lstm_gate_weights), each sum scaled by
 * 2^pre_shift plus its bias into out[2 r] of its block (every other accumulator: the other layer's):
 * mg_dsp_row_blocks, one call per gate layer. */
static __attribute__((noinline)) void blocked_rows(const int32_t *bias, const int8_t *w, int32_t depth,
                                                   const uint32_t *pairs, int32_t x128, int32_t pre_shift,
                                                   int32_t blocks, int32_t *out)
{
    mg_dsp_row_blocks(bias, w, depth, pairs, x128, pre_shift, blocks, out, 1);
}

/* One gate's table (backend_table): the input's and the hidden state's requantization into Q3.12, then each
 * layer's folded biases per unit, zeros padding them to whole blocks. A layer's accumulator arrives scaled by
 * 2^(left shift + 1) (the generator scaled its weights and biases), so TFLite's MultiplyByQuantizedMultiplier is
 * SMMLAR(acc, multiplier, offset + (acc's sign & sign mask)) >> shift: mg_dsp_requant.h's form for a right
 * shift (offset 2^(shift-1), sign mask -1), a plain SMMULR for none (offset, shift and mask 0). PRE_SHIFT is
 * that left shift + 1, for the kernel's own scaling when it reads the model's int8 weights. */
enum { MULTIPLIER, OFFSET, SHIFT, SIGN_MASK, PRE_SHIFT, LAYER_WORDS };
enum { INPUT_LAYER = 0, HIDDEN_LAYER = LAYER_WORDS, GATE_HEADER = 2 * LAYER_WORDS };

static inline int32_t requantize(int32_t acc, const int32_t *layer)
{
    return dsp_smmlar(acc, layer[MULTIPLIER], layer[OFFSET] + ((acc >> 31) & layer[SIGN_MASK])) >> layer[SHIFT];
}

static inline int32_t gate_table_words(int32_t units)
{
    return GATE_HEADER + 2 * round_up4(units);
}

/* Gate g's matrix of a mg_lstm_gate_weights (four pointers of one type, an array's layout). */
static inline const int8_t *gate_rows(const mg_lstm_gate_weights *w, int g)
{
    return (const int8_t *)((const int32_t *const *)(const void *)w)[g];
}

/* Rows from w against the expanded input over `quads` quads (> 0), four a pass, for the n units of a block: the
 * generator's widened weights. */
static __attribute__((noinline)) void widened_rows(const int32_t *bias, const int32_t *w, const uint32_t *pairs,
                                                   int32_t quads, int32_t n, int32_t *out)
{
    for (int32_t k = 0; k < n; k += 4) {
        w = four_rows(bias + k, w, pairs, quads, out + 2 * k);
    }
}

/* The inputs of one gate layer, for layer_accumulators. */
typedef struct {
    const int32_t *widened;           /* the generator's widened weights, or NULL */
    const mg_lstm_gate_weights *rows; /* the model's int8 rows in blocks, a gate's NULL where none */
    const void *const *weights;       /* the model's int8 weights per gate */
    int32_t depth;
    const uint32_t *pairs; /* the expanded input of the layer */
    int32_t x128;          /* mg_dsp_pairs_sum_times_128 of its blocked taps */
} layer_inputs;

/* A gate layer's doubled accumulators for the n units from u (a block) of one row, into every other accumulator
 * from out (the input's and the hidden state's interleaved per unit): from its widened weights (gate after gate,
 * blocks of four units, each a run of tap quads), or from the model's int8 ones, whole blocks of four rows where
 * the generator laid them out, and four_rows_s8 for the others. */
static void layer_accumulators(const layer_inputs *in, int g, const int32_t *bias, int32_t pre_shift, int32_t units,
                               int32_t u, int32_t n, int32_t *out)
{
    if (in->widened) {
        const int32_t quads = round_up4(in->depth) / 4;
        widened_rows(bias, in->widened + 2 * quads * (g * round_up4(units) + u), in->pairs, quads, n, out);
        return;
    }
    const int8_t *rows = gate_rows(in->rows, g), *weights = (const int8_t *)in->weights[g];
    const int32_t depth = in->depth, blocks = rows ? n / 4 : 0;
    if (blocks > 0) {
        blocked_rows(bias, rows + u * depth, depth, in->pairs, in->x128, pre_shift, blocks, out);
    }
    for (int32_t k = 4 * blocks; k < n; k += 4) {
        four_rows_s8(bias + k, weights + (u + k) * depth, depth, n - k < 4 ? n - k : 4, in->pairs, pre_shift,
                     out + 2 * k);
    }
}

/* The gate's Q3.12 pre-activations (each layer requantized and saturated to int16 as TFLite Micro's
 * FullyConnected does, then added with saturation) through the sigmoid, or for the cell gate tanh (TFLite Micro
 * passes the Q3.12 input as multiplier 0 and shift 0, the power-of-two case: multiplier 3, no shift). */
static inline __attribute__((always_inline)) void activate_gate(const int32_t *table, const int32_t *accumulators,
                                                                int32_t n, int is_cell_gate, int16_t *out)
{
    const int32_t input_layer[LAYER_WORDS] = {table[INPUT_LAYER], table[INPUT_LAYER + 1], table[INPUT_LAYER + 2],
                                              table[INPUT_LAYER + 3]};
    const int32_t hidden_layer[LAYER_WORDS] = {table[HIDDEN_LAYER], table[HIDDEN_LAYER + 1], table[HIDDEN_LAYER + 2],
                                               table[HIDDEN_LAYER + 3]};
    for (int32_t k = 0; k < n; ++k) {
        const int32_t input = saturate16(requantize(accumulators[2 * k], input_layer));
        const int32_t hidden = saturate16(requantize(accumulators[2 * k + 1], hidden_layer));
        const int32_t v = saturate16(input + hidden);
        out[k] = (int16_t)(is_cell_gate ? tanh_of_scaled(3 * v) : gate_sigmoid(v));
    }
}

/* activate_gate, out of the step's body (its registers are the gate's alone). On the device an assembly loop per
 * activation and pair of layer forms (each with a right shift, SMMLAR with the offset plus the sign then the
 * shift; or none, a plain SMMULR: the sign mask then adds nothing) runs one element in 24 to 31 instructions,
 * where C took 37 to 40: the sign of x = 3 v kept in the flags (nothing between its ADDS and the final
 * conditional negation sets them), the rounding constant in lr, added by the MLA of the interpolation. The
 * sigmoid never reaches the table's end (gate_sigmoid); tanh's |x| is clamped to 65279 (USAT of |x| + 256 to 16
 * bits, less 256): past it the interpolation between the last two entries, 0xFFFF00 - 1 where the reference
 * saturates to 0xFFFF00, rounds to the same 32767. */
static __attribute__((noinline)) void activate(const int32_t *table, const int32_t *accumulators, int32_t n,
                                               int is_cell_gate, int16_t *out)
{
#if MG_DSP_NATIVE
    register const int32_t *acc __asm__("r0") = accumulators;
    register int16_t *o __asm__("r1") = out;
    register const int32_t *end __asm__("r2") = accumulators + 2 * n;
    register const uint16_t *curve __asm__("r3") = mg_sigmoid_table_q16;
    register int32_t m1 __asm__("r4") = table[INPUT_LAYER + MULTIPLIER];
    register int32_t o1 __asm__("r5") = table[INPUT_LAYER + OFFSET];
    register int32_t s1 __asm__("r6") = table[INPUT_LAYER + SHIFT];
    register int32_t m2 __asm__("r7") = table[HIDDEN_LAYER + MULTIPLIER];
    register int32_t o2 __asm__("r8") = table[HIDDEN_LAYER + OFFSET];
    register int32_t s2 __asm__("r9") = table[HIDDEN_LAYER + SHIFT];
    /* the rounding: the sigmoid's + 2^9, tanh's - 2^23 + 2^7 */
    register int32_t rounding __asm__("lr") = is_cell_gate ? (1 << 7) - (1 << 23) : 1 << 9;
/* a layer's accumulator (a) requantized into int16: with a right shift, or none */
#define MG_LSTM_SHIFTED(a, m, o, s)                                                                                    \
    "add r12, " o ", " a ", asr #31\n\t"                                                                               \
    "smmlar " a ", " a ", " m ", r12\n\t"                                                                              \
    "asr " a ", " a ", " s "\n\t"                                                                                      \
    "ssat " a ", #16, " a "\n\t"
#define MG_LSTM_PLAIN(a, m)                                                                                            \
    "smmulr " a ", " a ", " m "\n\t"                                                                                   \
    "ssat " a ", #16, " a "\n\t"
/* |x| (r12), then the interpolation on the table's entries from r10 (r10 the lower, r11 the step) */
#define MG_LSTM_MAGNITUDE                                                                                              \
    "eor r12, r10, r10, asr #31\n\t"                                                                                   \
    "sub r12, r12, r10, asr #31\n\t"
#define MG_LSTM_ENTRIES                                                                                                \
    "ldrh r11, [r10, #2]\n\t"                                                                                          \
    "ldrh r10, [r10]\n\t"                                                                                              \
    "sub.w r11, r11, r10\n\t"
#define MG_LSTM_SIGMOID                                                                                                \
    MG_LSTM_MAGNITUDE "lsr.w r10, r12, #9\n\t"                                                                         \
                      "add r10, r3, r10, lsl #1\n\t" MG_LSTM_ENTRIES "ubfx r12, r12, #0, #9\n\t"                       \
                      "mla r11, r12, r11, lr\n\t"                                                                      \
                      "add r10, r11, r10, lsl #9\n\t"                                                                  \
                      "lsr.w r10, r10, #10\n\t"                                                                        \
                      "it mi\n\t"                                                                                      \
                      "rsbmi r10, r10, #32768\n\t"
#define MG_LSTM_TANH                                                                                                   \
    MG_LSTM_MAGNITUDE "add.w r12, r12, #256\n\t"                                                                       \
                      "usat r12, #16, r12\n\t"                                                                         \
                      "sub.w r12, r12, #256\n\t"                                                                       \
                      "lsr.w r10, r12, #8\n\t"                                                                         \
                      "add r10, r3, r10, lsl #1\n\t" MG_LSTM_ENTRIES "uxtb r12, r12\n\t"                               \
                      "mla r11, r12, r11, lr\n\t"                                                                      \
                      "add r10, r11, r10, lsl #8\n\t"                                                                  \
                      "asr.w r10, r10, #8\n\t"                                                                         \
                      "it mi\n\t"                                                                                      \
                      "rsbmi r10, r10, #0\n\t"
#define MG_LSTM_GATE_LOOP(input_layer, hidden_layer, activation)                                                       \
    __asm__ volatile("1:\n\t"                                                                                          \
                     "ldrd r10, r11, [r0], #8\n\t" input_layer hidden_layer "add r10, r10, r11\n\t"                    \
                     "ssat r10, #16, r10\n\t"                                                                          \
                     "adds r10, r10, r10, lsl #1\n\t" /* x = 3 v, its sign in N */                                     \
                     activation "strh r10, [r1], #2\n\t"                                                               \
                     "cmp r0, r2\n\t"                                                                                  \
                     "bne 1b\n\t"                                                                                      \
                     : "+r"(acc), "+r"(o)                                                                              \
                     : "r"(end), "r"(curve), "r"(m1), "r"(o1), "r"(s1), "r"(m2), "r"(o2), "r"(s2), "r"(rounding)       \
                     : "r10", "r11", "r12", "cc", "memory")
#define MG_LSTM_FORMS(activation)                                                                                      \
    if (input_shifted && hidden_shifted) {                                                                             \
        MG_LSTM_GATE_LOOP(MG_LSTM_SHIFTED("r10", "r4", "r5", "r6"), MG_LSTM_SHIFTED("r11", "r7", "r8", "r9"),          \
                          activation);                                                                                 \
    } else if (input_shifted) {                                                                                        \
        MG_LSTM_GATE_LOOP(MG_LSTM_SHIFTED("r10", "r4", "r5", "r6"), MG_LSTM_PLAIN("r11", "r7"), activation);           \
    } else if (hidden_shifted) {                                                                                       \
        MG_LSTM_GATE_LOOP(MG_LSTM_PLAIN("r10", "r4"), MG_LSTM_SHIFTED("r11", "r7", "r8", "r9"), activation);           \
    } else {                                                                                                           \
        MG_LSTM_GATE_LOOP(MG_LSTM_PLAIN("r10", "r4"), MG_LSTM_PLAIN("r11", "r7"), activation);                         \
    }
    const int input_shifted = table[INPUT_LAYER + SIGN_MASK] != 0,
              hidden_shifted = table[HIDDEN_LAYER + SIGN_MASK] != 0;
    if (is_cell_gate) {
        MG_LSTM_FORMS(MG_LSTM_TANH)
    } else {
        MG_LSTM_FORMS(MG_LSTM_SIGMOID)
    }
#undef MG_LSTM_SHIFTED
#undef MG_LSTM_PLAIN
#undef MG_LSTM_MAGNITUDE
#undef MG_LSTM_ENTRIES
#undef MG_LSTM_SIGMOID
#undef MG_LSTM_TANH
#undef MG_LSTM_GATE_LOOP
#undef MG_LSTM_FORMS
#else
    activate_gate(table, accumulators, n, is_cell_gate, out);
#endif
}

/* The cell and hidden states of the n elements from i of the step's rows (update_cell), the hidden state into int8
 * and copied to the step's output. */
static void update_states(const mg_unidirectional_sequence_lstm_params *p, const int16_t *gates, const step_rows *s,
                          int32_t i, int32_t n)
{
    const cell_scales c = cell_scales_of(p);
    int16_t *cell = s->cell + i; /* in locals: a store through the state's pointers may alias s */
    int8_t *hidden = s->hidden + i, *output = s->output + i;
    for (int32_t k = 0; k < n; ++k) {
        const int32_t h = update_cell(&c, gates, k, &cell[k]);
        hidden[k] = output[k] = (int8_t)dsp_ssat8(h);
    }
}

/* Scratch: one block's accumulators and gates, then every row's expanded input and hidden state. */
static void step(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d, const step_rows *s,
                 int16_t *scratch)
{
    const int32_t units = p->units, input_words = round_up4(p->input_size) / 2,
                  row_words = input_words + round_up4(units) / 2;
    int32_t *accumulators = (int32_t *)scratch;
    int16_t *gates = (int16_t *)(accumulators + 2 * MG_LSTM_DSP_BLOCK);
    uint32_t *pairs = (uint32_t *)(gates + MG_LSTM_DSP_BLOCK * MG_LSTM_GATES);
    for (int32_t row = 0; row < s->rows; ++row) {
        expand(s->input + row * p->input_size, p->input_size, pairs + row * row_words);
        expand(s->hidden + row * units, units, pairs + row * row_words + input_words);
    }
    for (int32_t row = 0; row < s->rows; ++row) {
        const uint32_t *input_pairs = pairs + row * row_words, *hidden_pairs = input_pairs + input_words;
        const layer_inputs input = {
            p->input_widened, &p->input_rows,
            d->input_weights, p->input_size,
            input_pairs,      p->input_widened ? 0 : mg_dsp_pairs_sum_times_128(input_pairs, p->input_size & ~7)};
        const layer_inputs hidden = {
            p->hidden_widened,    &p->hidden_rows,
            d->recurrent_weights, units,
            hidden_pairs,         p->hidden_widened ? 0 : mg_dsp_pairs_sum_times_128(hidden_pairs, units & ~7)};
        for (int32_t u = 0; u < units; u += MG_LSTM_DSP_BLOCK) {
            const int32_t n = units - u < MG_LSTM_DSP_BLOCK ? units - u : MG_LSTM_DSP_BLOCK;
            for (int g = 0; g < MG_LSTM_GATES; ++g) {
                const int32_t *table = p->backend_table + g * gate_table_words(units);
                const int32_t *input_bias = table + GATE_HEADER + u, *hidden_bias = input_bias + round_up4(units);
                layer_accumulators(&input, g, input_bias, table[INPUT_LAYER + PRE_SHIFT], units, u, n, accumulators);
                layer_accumulators(&hidden, g, hidden_bias, table[HIDDEN_LAYER + PRE_SHIFT], units, u, n,
                                   accumulators + 1);
                activate(table, accumulators, n, g == MG_LSTM_CELL_GATE, gates + MG_LSTM_DSP_BLOCK * g);
            }
            update_states(p, gates, s, row * units + u, n);
        }
    }
}

void mg_unidirectional_sequence_lstm_s8_dsp(const mg_unidirectional_sequence_lstm_params *p, const mg_lstm_data *d,
                                            int16_t *scratch)
{
    MG_LSTM_SEQUENCE(int8_t, int16_t, 1, p, d, scratch)
}

/* The family's checks, and room for one block's accumulators and gates and the expanded rows. */
static mg_status prepare(mg_node *node)
{
    const mg_status status = mg_unidirectional_sequence_lstm_prepare_states(node);
    const mg_unidirectional_sequence_lstm_params *p = node->params;
    if (status == MG_OK &&
        node->scratch_size < mg_unidirectional_sequence_lstm_s8_dsp_scratch_size(p->batches, p->units, p->input_size)) {
        return mg_fail(node, "scratch smaller than mg_unidirectional_sequence_lstm_s8_dsp_scratch_size");
    }
    return status;
}

static mg_status invoke(mg_node *node)
{
    mg_lstm_data d;
    mg_lstm_node_data(node, &d);
    const mg_unidirectional_sequence_lstm_params *p = node->params;
    if (p->activation_bytes == 2) {
        mg_unidirectional_sequence_lstm_s16_dsp(p, &d, node->scratch);
    } else {
        mg_unidirectional_sequence_lstm_s8_dsp(p, &d, node->scratch);
    }
    return MG_OK;
}

/* The dsp backend takes int8 and int16x8 nodes (unidirectional_sequence_lstm_s16_dsp.c) only (its catalog entry
 * claims no others). */
const mg_registration mg_register_unidirectional_sequence_lstm_dsp = {0, 0, prepare, invoke};
