/* FULLY_CONNECTED 16x8, dsp backend (Cortex-M4/M7/M33): TFLite Micro's reference FullyConnected(PerChannel) for
 * int16 input (fully_connected_s16.c) in SMLAD, two weight rows against two batch rows at a time, a last batch row
 * against four weight rows at a time (fully_connected.h). */
#include "fully_connected.h"
#include "mg_dsp_mac.h"
#include "mg_dsp_requant_s16.h"
#include "mg_prepare_weighted.h"

/* The first k8 inputs as the operand pairs (x0, x2), (x1, x3) of each 4 (mg_dsp_mac.h), `step` words apart: 2 for
 * one row, 4 for two rows interleaved (the second row's pairs then start at pairs + 2). */
static void pair_inputs(const int16_t *x, uint32_t *pairs, int32_t k8, int32_t step)
{
    for (int32_t k = 0; k < k8; k += 4, pairs += step) {
        const uint32_t v01 = dsp_ld32(x + k), v23 = dsp_ld32(x + k + 2);
        pairs[0] = dsp_pkhbt(v01, v23);
        pairs[1] = dsp_pkhtb(v23, v01);
    }
}

/* acc[r] += row r (rows `stride` apart from w) times the k16 paired inputs (k16 a multiple of 16, or 0). */
#if MG_DSP_NATIVE
/* one weight word of a row against the pair in x02, x13 */
#define ROW_STEP(w, a)                                                                                                 \
    MG_DSP_ASM_LOAD_HALVES(w, "%[lo]", "%[hi]") MG_DSP_ASM_MAC4(a, "%[lo]", "%[hi]", "%[x02]", "%[x13]")
#define INPUTS_STEP                                                                                                    \
    "ldrd %[x02], %[x13], [%[x]], #8\n\t" ROW_STEP("%[w0]", "%[a0]") ROW_STEP("%[w1]", "%[a1]")                        \
        ROW_STEP("%[w2]", "%[a2]") ROW_STEP("%[w3]", "%[a3]")
static inline void four_rows(int32_t acc[4], const int8_t *w, int32_t stride, const uint32_t *pairs, int32_t k16)
{
    if (k16 == 0) { /* the loop runs at least once */
        return;
    }
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    const int8_t *w0 = w, *w1 = w + stride, *w2 = w + 2 * stride, *w3 = w + 3 * stride;
    const uint32_t *end = pairs + k16 / 2;
    uint32_t x02, x13, lo, hi;
    __asm__ volatile(
        "1:\n\t" INPUTS_STEP INPUTS_STEP INPUTS_STEP INPUTS_STEP "cmp %[x], %[end]\n\t"
        "bne 1b\n\t"
        : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2),
          [w3] "+r"(w3), [x] "+r"(pairs), [x02] "=&r"(x02), [x13] "=&r"(x13), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [end] "r"(end)
        : "cc", "memory");
    MG_DSP_ACC4_STORE(acc);
}
#else
static inline void four_rows(int32_t acc[4], const int8_t *w, int32_t stride, const uint32_t *pairs, int32_t k16)
{
    for (int32_t k = 0; k < k16; k += 4, pairs += 2) {
        for (int32_t r = 0; r < 4; ++r) {
            acc[r] = mg_dsp_mac4_word(acc[r], dsp_ld32(w + r * stride + k), pairs[0], pairs[1]);
        }
    }
}
#endif

/* Two weight rows (w, w + stride) against two input rows (their pairs interleaved, pair_inputs' step 4), k16 inputs
 * (a multiple of 16, or 0): acc = {row 0 x input a, row 0 x input b, row 1 x input a, row 1 x input b}. Each weight
 * word, loaded and split once, meets both inputs: per 4 inputs one LDM, two LDR, four SXTB16 and eight SMLAD. */
#if MG_DSP_NATIVE
#define TWO_BY_TWO_STEP                                                                                                \
    "ldm r10!, {r4, r5, r6, r7}\n\t" MG_DSP_ASM_LOAD_HALVES("r8", "r11", "r12")                                        \
        MG_DSP_ASM_MAC4("r0", "r11", "r12", "r4", "r5") MG_DSP_ASM_MAC4("r1", "r11", "r12", "r6", "r7")                \
            MG_DSP_ASM_LOAD_HALVES("r9", "r11", "r12") MG_DSP_ASM_MAC4("r2", "r11", "r12", "r4", "r5")                 \
                MG_DSP_ASM_MAC4("r3", "r11", "r12", "r6", "r7")
static inline void two_by_two(int32_t acc[4], const int8_t *w, int32_t stride, const uint32_t *pairs, int32_t k16)
{
    if (k16 == 0) { /* the loop runs at least once */
        return;
    }
    /* fixed registers: LDM fills r4-r7 in order, and the loop needs every register but sp and pc */
    MG_DSP_ACC4_IN_R0_R3(acc);
    register const int8_t *w0 __asm__("r8") = w;
    register const int8_t *w1 __asm__("r9") = w + stride;
    register const uint32_t *x __asm__("r10") = pairs;
    register const uint32_t *end __asm__("lr") = pairs + k16;
    __asm__ volatile("1:\n\t" TWO_BY_TWO_STEP TWO_BY_TWO_STEP TWO_BY_TWO_STEP TWO_BY_TWO_STEP "cmp r10, lr\n\t"
                     "bne 1b\n\t"
                     : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(w0), "+r"(w1), "+r"(x)
                     : "r"(end)
                     : "r4", "r5", "r6", "r7", "r11", "r12", "cc", "memory");
    MG_DSP_ACC4_STORE(acc);
}
#undef TWO_BY_TWO_STEP
#else
static inline void two_by_two(int32_t acc[4], const int8_t *w, int32_t stride, const uint32_t *pairs, int32_t k16)
{
    for (int32_t k = 0; k < k16; k += 4, pairs += 4) {
        for (int32_t r = 0; r < 2; ++r) {
            const uint32_t word = dsp_ld32(w + r * stride + k);
            acc[2 * r] = mg_dsp_mac4_word(acc[2 * r], word, pairs[0], pairs[1]);
            acc[2 * r + 1] = mg_dsp_mac4_word(acc[2 * r + 1], word, pairs[2], pairs[3]);
        }
    }
}
#endif

/* acc += row w times the inputs [first, depth): the paired ones (`step` words per 4, pair_inputs) up to k8, then one
 * by one. */
static inline __attribute__((always_inline)) int32_t row_tail(int32_t acc, const int8_t *w, const int16_t *x,
                                                              const uint32_t *pairs, int32_t step, int32_t first,
                                                              int32_t k8, int32_t depth)
{
    int32_t k = first;
    for (; k < k8; k += 4) {
        acc = mg_dsp_mac4_word(acc, dsp_ld32(w + k), pairs[k / 4 * step], pairs[k / 4 * step + 1]);
    }
    for (; k < depth; ++k) {
        acc += w[k] * x[k];
    }
    return acc;
}

/* Output o of the sum: its channel's constants, or with one multiplier channel 0's with output o's bias. */
static inline __attribute__((always_inline)) int16_t output_of(const mg_fully_connected_params *p,
                                                               mg_dsp_s16_channel *channels, const void *bias,
                                                               mg_requant_s16_step *step, int32_t o, int32_t sum)
{
    if (p->per_channel) {
        return mg_dsp_s16_output(&channels[o], step, sum);
    }
    channels[0].bias = mg_dsp_s16_bias(bias, p->accumulator_64, o);
    return mg_dsp_s16_output(&channels[0], step, sum);
}

/* One input row against the weights, four rows at a time. */
static void one_batch(const mg_fully_connected_params *p, mg_dsp_s16_channel *channels, const void *bias,
                      mg_requant_s16_step *step, const int16_t *x, const int8_t *weights, uint32_t *pairs, int16_t *out)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth, k8 = depth & ~7, k16 = depth & ~15;
    pair_inputs(x, pairs, k8, 2);
    int32_t o = 0;
    for (; o + 4 <= outputs; o += 4) {
        const int8_t *w = weights + o * depth;
        int32_t acc[4] = {0, 0, 0, 0};
        four_rows(acc, w, depth, pairs, k16);
        for (int32_t r = 0; r < 4; ++r) {
            const int32_t sum = k16 < depth ? row_tail(acc[r], w + r * depth, x, pairs, 2, k16, k8, depth) : acc[r];
            out[o + r] = output_of(p, channels, bias, step, o + r, sum);
        }
    }
    for (; o < outputs; ++o) {
        out[o] = output_of(p, channels, bias, step, o, row_tail(0, weights + o * depth, x, pairs, 2, 0, k8, depth));
    }
}

/* Two input rows (x, x + depth) against the weights, two rows at a time: each weight word serves both. */
static void two_batches(const mg_fully_connected_params *p, mg_dsp_s16_channel *channels, const void *bias,
                        mg_requant_s16_step *step, const int16_t *x, const int8_t *weights, uint32_t *pairs,
                        int16_t *out)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth, k8 = depth & ~7, k16 = depth & ~15;
    pair_inputs(x, pairs, k8, 4);
    pair_inputs(x + depth, pairs + 2, k8, 4);
    int32_t o = 0;
    for (; o + 2 <= outputs; o += 2) {
        const int8_t *w = weights + o * depth;
        int32_t acc[4] = {0, 0, 0, 0};
        two_by_two(acc, w, depth, pairs, k16);
        for (int32_t i = 0; i < 4; ++i) { /* weight row i / 2, input row i % 2 */
            const int32_t r = i / 2, j = i % 2;
            const int32_t sum =
                k16 < depth ? row_tail(acc[i], w + r * depth, x + j * depth, pairs + 2 * j, 4, k16, k8, depth) : acc[i];
            out[j * outputs + o + r] = output_of(p, channels, bias, step, o + r, sum);
        }
    }
    for (; o < outputs; ++o) {
        for (int32_t j = 0; j < 2; ++j) {
            const int32_t sum = row_tail(0, weights + o * depth, x + j * depth, pairs + 2 * j, 4, 0, k8, depth);
            out[j * outputs + o] = output_of(p, channels, bias, step, o, sum);
        }
    }
}

void mg_fully_connected_s16_dsp(const mg_fully_connected_params *p, const int16_t *input, const int8_t *weights,
                                const void *bias, int16_t *output, void *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth;
    const int32_t rows = p->shape.batches >= 2 ? 2 : 1; /* the layout of mg_fully_connected_s16_dsp_scratch_size */
    uint32_t *pairs = scratch;
    mg_dsp_s16_channel *channels = (mg_dsp_s16_channel *)(pairs + rows * (depth & ~7) / 2);
    if (p->per_channel) {
        for (int32_t o = 0; o < outputs; ++o) {
            const int32_t multiplier = p->channel_requant[2 * o], shift = p->channel_requant[2 * o + 1];
            channels[o] = mg_dsp_s16_channel_of(multiplier, shift, p->accumulator_64, bias, o);
        }
    } else { /* one multiplier: channel 0's constants serve every output, its bias set before each */
        channels[0] = mg_dsp_s16_channel_of(p->output_multiplier, p->output_shift, p->accumulator_64, bias, 0);
    }
    mg_requant_s16_step step = {p->accumulator_64, 0, 0, p->output_offset, p->act_min, p->act_max};
    int32_t b = 0;
    for (; b + 2 <= p->shape.batches; b += 2) {
        two_batches(p, channels, bias, &step, input + b * depth, weights, pairs, output + b * outputs);
    }
    if (b < p->shape.batches) {
        one_batch(p, channels, bias, &step, input + b * depth, weights, pairs, output + b * outputs);
    }
}

mg_status mg_fully_connected_s16_dsp_prepare(mg_node *node)
{
    const mg_fully_connected_shape *s = &((const mg_fully_connected_params *)node->params)->shape;
    return mg_fully_connected_s16_backend_prepare(
        node, mg_fully_connected_s16_dsp_scratch_size(s->batches, s->accum_depth, s->output_depth));
}
