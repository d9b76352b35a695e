/* SVDF int8 with int16 or int8 state on the dsp backend (Cortex-M4/M7/M33), bit-exact with the reference
 * (svdf_s8.c, TFLite Micro's EvalIntegerSvdfReference) in one pass over the filters per batch:
 *
 * - the feature sums four filters at a time in FULLY_CONNECTED's loop (mg_dsp_four_rows: the input's SXTB16 pairs
 *   in scratch against the model's int8 weights), the input zero point's term from the backend table;
 * - each filter's history shifted left by one while its time sum is taken: TFLite Micro shifts the whole state by
 *   one element and then writes every filter's newest column, which moves each filter's values 1..memory-1 to
 *   0..memory-2 and nothing across filters, so the time sum over the shifted history is the model's time weights
 *   0..memory-2 against the old values 1..memory-1, read and stored back one element lower in the same words
 *   (LDR/STR may be unaligned on these cores), plus the last weight times the new value;
 * - the state zero point's term and the bias come from the table per unit, the sums wrap modulo 2^32 as the
 *   reference's, and both requantizations are TFLite's: two or three instructions where the generator proved that
 *   exact (dsp_exact_requant), else mg_requantizer (exact for every sum);
 * - each group of four filters' new values, histories and outputs in one call per state type (time_step_s16,
 *   time_step_s8), one pass per filter (three passes over the four measured 5 % slower: keyword_scrambled's SVDF
 *   nodes, 71,800 against 68,200 instructions on the M4). */
#pragma GCC optimize("O2")
#include <stddef.h>

#include "mg_dsp_mac.h"
#include "mg_dsp_requant.h"
#include "mg_fixedpoint.h"
#include "mg_kernel.h"
#include "svdf.h"

/* TFLite's requantization of a sum: a fast form for every sum of magnitude below `limit` (all of them when the
 * generator proved it, dsp_exact_requant; else the kernel checks each sum), else the general one (mg_requantizer,
 * exact for every sum) plus the zero point. The fast form is one formula for both signs of the shift, without
 * branches: SMMLAR(sum << left, m, offset + (sign of the shifted sum & round)) >> right, which is
 * mg_dsp_requant.h's three instructions for a right shift e (left 1, round -1, offset 2^(e-1) + zero point * 2^e,
 * right e: exact for sums below 2^30 while the rounding sum fits int32), and SaturatingRoundingDoublingHighMul of
 * the sum shifted left by the shift for none (left shift + 1, round 0, offset the zero point, right 0: SMMULR of
 * twice a product that fits int32 rounds as TFLite's doubling high multiply, for sums below 2^(30 - shift)). */
typedef struct {
    mg_requantizer general;
    uint32_t limit; /* the fast form for |sum| < limit; 0: never; 2^31: always (proved) */
    int32_t left, round, offset, right, zero_point;
} requantization;

static requantization requantization_of(int32_t multiplier, int32_t shift, int32_t exact, int32_t zero_point)
{
    requantization q = {mg_requantizer_make(multiplier, shift), 0, 0, 0, zero_point, 0, zero_point};
    if (shift < 0 && shift >= -30) {
        const int64_t offset = ((int64_t)1 << (-shift - 1)) + (int64_t)zero_point * ((int64_t)1 << -shift);
        if (offset > -(1 << 29) && offset < (1 << 29)) { /* offset + t + its sign fit int32 for |t| <= 2^30 */
            q.limit = 1u << 30, q.left = 1, q.round = -1, q.offset = (int32_t)offset, q.right = -shift;
        }
    } else if (shift >= 0 && shift <= 30) {
        q.limit = 1u << (30 - shift), q.left = shift + 1;
    }
    if (exact && q.limit) { /* no check: every sum the node can make is below the limit */
        q.limit = 1u << 31;
    }
    return q;
}

/* `checked` (a constant where inlined): whether to compare the sum with the limit; without, the fast form
 * (every requantization of the node proved exact). */
static inline __attribute__((always_inline)) int32_t requantize(const requantization *q, int32_t sum, int checked)
{
    if (!checked || (uint32_t)sum + q->limit - 1u < 2u * q->limit - 1u) {
        const int32_t shifted = (int32_t)((uint32_t)sum << q->left);
        return dsp_smmlar(shifted, q->general.multiplier, q->offset + ((shifted >> 31) & q->round)) >> q->right;
    }
    return mg_requantizer_apply(&q->general, sum) + q->zero_point;
}

/* What the time step of a group of filters reads (made once per invoke), and where it stands (moves on). */
typedef struct {
    requantization to_state, to_output;
    int32_t last, state_zero_point, rank;
} time_constants;

typedef struct {
    /* the clamped time step's (time_step_s16_clamped) constants, dsp_requant_entry's five words each: the outputs'
     * entry first so that one register points at both (LDMDB and LDM) */
    int32_t to_output[5], to_state[5];
    void *row;           /* the filter's history in the state */
    const void *weights; /* its time weights */
    const int32_t *unit_bias;
    int8_t *out;
    int32_t last, state_zero_point; /* the clamped step's copies of time_constants' */
    uint32_t sum;                   /* the unit's time sums so far */
    int32_t left;                   /* its filters still to come */
} time_cursor;

/* The unit output a filter's time sum completes, after each unit's rank filters. */
static inline __attribute__((always_inline)) void unit_output(const time_constants *c, time_cursor *at, uint32_t t,
                                                              int checked)
{
    at->sum += t;
    if (--at->left == 0) {
        *at->out++ =
            (int8_t)dsp_ssat8(requantize(&c->to_output, (int32_t)(at->sum + (uint32_t)*at->unit_bias++), checked));
        at->sum = 0;
        at->left = c->rank;
    }
}

/* For each of `count` filters (feature sums in acc), in one pass: its new state value; its history of memory = last
 * + 1 int16 values with values 1..last moved one lower while summed against the time weights 0..last-1 (pairs: one
 * unaligned LDR, its STR one element lower, one SMLAD), the new value stored last (in a pair with the last old
 * value when last is odd: PKHBT) and its product added; then the output of the unit it completes. */
static inline __attribute__((always_inline)) void time_step_s16(const time_constants *c, time_cursor *at,
                                                                const int32_t *acc, int32_t count, int checked)
{
    int16_t *row = at->row;
    const int16_t *w = at->weights;
    const int32_t last = c->last, pairs = last >> 1;
    for (int32_t i = 0; i < count; ++i) {
        const int16_t value = (int16_t)(c->state_zero_point + dsp_ssat16(requantize(&c->to_state, acc[i], checked)));
        uint32_t sum = 0;
        for (int32_t n = pairs; n > 0; --n, row += 2, w += 2) {
            const uint32_t s = dsp_ld32(row + 1);
            dsp_st32(row, s);
            sum = (uint32_t)dsp_smlad(dsp_ld32(w), s, (int32_t)sum);
        }
        if (last & 1) { /* the last old value and the new one: a pair */
            const uint32_t s = dsp_pkhbt((uint16_t)row[1], (uint16_t)value);
            dsp_st32(row, s);
            sum = (uint32_t)dsp_smlad(dsp_ld32(w), s, (int32_t)sum);
            row += 2, w += 2;
        } else {
            row[0] = value;
            sum += (uint32_t)(w[0] * value);
            row += 1, w += 1;
        }
        unit_output(c, at, sum, checked);
    }
    at->row = row, at->weights = w;
}

/* The same for int8 values (with the state zero point), four per word: both SXTB16 halves meet in two SMLAD; one
 * pass per filter. */
static inline __attribute__((always_inline)) void time_step_s8(const time_constants *c, time_cursor *at,
                                                               const int32_t *acc, int32_t count, int checked)
{
    int8_t *row = at->row;
    const int8_t *w = at->weights;
    const int32_t last = c->last;
    for (int32_t i = 0; i < count; ++i) {
        const int32_t value = c->state_zero_point + dsp_ssat8(requantize(&c->to_state, acc[i], checked));
        uint32_t sum = 0;
        int32_t j = 0;
        for (; j + 4 <= last; j += 4) {
            const uint32_t s = dsp_ld32(row + j + 1);
            dsp_st32(row + j, s);
            sum = (uint32_t)mg_dsp_mac4_word((int32_t)sum, dsp_ld32(w + j), dsp_sxtb16(s), dsp_sxtb16_ror8(s));
        }
        for (; j < last; ++j) {
            row[j] = row[j + 1];
            sum += (uint32_t)(w[j] * row[j]);
        }
        row[last] = (int8_t)value;
        sum += (uint32_t)(w[last] * row[last]);
        row += last + 1;
        w += last + 1;
        unit_output(c, at, sum, checked);
    }
    at->row = row, at->weights = w;
}

/* The four instances: the state type, and whether some requantization needs its sums checked. */
typedef void time_step(const time_constants *c, time_cursor *at, const int32_t *acc, int32_t count);

static __attribute__((noinline)) void time_step_s16_exact(const time_constants *c, time_cursor *at, const int32_t *acc,
                                                          int32_t count)
{
    time_step_s16(c, at, acc, count, 0);
}

static __attribute__((noinline)) void time_step_s16_checked(const time_constants *c, time_cursor *at,
                                                            const int32_t *acc, int32_t count)
{
    time_step_s16(c, at, acc, count, 1);
}

static __attribute__((noinline)) void time_step_s8_exact(const time_constants *c, time_cursor *at, const int32_t *acc,
                                                         int32_t count)
{
    time_step_s8(c, at, acc, count, 0);
}

static __attribute__((noinline)) void time_step_s8_checked(const time_constants *c, time_cursor *at, const int32_t *acc,
                                                           int32_t count)
{
    time_step_s8(c, at, acc, count, 1);
}

/* The int16-state step of a rank-1 node whose requantizations the generator proved exact on sums clamped to
 * [-2^29, 2^29) (dsp_exact_requant bit 2: every sum beyond saturates the state or the output alike, ops/svdf/
 * dsp_svdf.py), so that each requantization is one SSAT and dsp_requant_entry's five instructions, without a check:
 * per filter its new value, its history (time_step_s16's pairs) summed from the unit's bias, and its output. GCC
 * reloads the cursor and the constants per filter (127 instructions a filter of 8 steps on the M4): the loop is
 * written out, 51. */
#if MG_DSP_NATIVE
_Static_assert(offsetof(time_cursor, to_state) == 20 && offsetof(time_cursor, row) == 40 &&
                   offsetof(time_cursor, last) == 56 && offsetof(time_cursor, state_zero_point) == 60,
               "the assembly's offsets");
/* r0 &at->to_state (LDMDB: to_output), r2 acc, r3 its end, r4 row, r5 time weights, r6 unit bias, r7 out, lr last;
 * r1, r8-r12 the entry being applied and the sums. */
__attribute__((naked)) static void time_step_s16_clamped(const time_constants *c, time_cursor *at, const int32_t *acc,
                                                         int32_t count)
{
    (void)c, (void)at, (void)acc, (void)count;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "add r0, r1, #20\n"
                     "add r3, r2, r3, lsl #2\n"
                     "add r1, r1, #40\n"
                     "ldm r1, {r4, r5, r6, r7}\n"
                     "ldr lr, [r0, #36]\n"
                     "1:\n" /* the new value: state zero point + SSAT16 of the sum's requantization */
                     "ldr r8, [r2], #4\n"
                     "ssat r8, #30, r8\n"
                     "ldm r0, {r1, r9, r10, r11, r12}\n"
                     "lsl r8, r8, r10\n"
                     "and r12, r12, r8, asr #31\n"
                     "add r12, r12, r9\n"
                     "smmlar r8, r8, r1, r12\n"
                     "asr r8, r8, r11\n"
                     "ssat r8, #16, r8\n"
                     "ldr r9, [r0, #40]\n"
                     "add r8, r8, r9\n"
                     "ldr r9, [r6], #4\n" /* the time sum starts from the unit's bias */
                     "lsrs r10, lr, #1\n"
                     "beq 3f\n"
                     "2:\n" /* values 1..last moved one lower, summed in pairs */
                     "ldr r11, [r4, #2]\n"
                     "str r11, [r4], #4\n"
                     "ldr r12, [r5], #4\n"
                     "smlad r9, r12, r11, r9\n"
                     "subs r10, r10, #1\n"
                     "bne 2b\n"
                     "3:\n"
                     "tst lr, #1\n"
                     "beq 4f\n"
                     "ldrh r11, [r4, #2]\n" /* odd last: the last old value and the new one, a pair */
                     "pkhbt r11, r11, r8, lsl #16\n"
                     "str r11, [r4], #4\n"
                     "ldr r12, [r5], #4\n"
                     "smlad r9, r12, r11, r9\n"
                     "b 5f\n"
                     "4:\n"
                     "strh r8, [r4], #2\n"
                     "ldrh r12, [r5], #2\n"
                     "smlabb r9, r12, r8, r9\n"
                     "5:\n" /* the unit's output */
                     "ssat r9, #30, r9\n"
                     "ldmdb r0, {r1, r8, r10, r11, r12}\n"
                     "lsl r9, r9, r10\n"
                     "and r12, r12, r9, asr #31\n"
                     "add r12, r12, r8\n"
                     "smmlar r9, r9, r1, r12\n"
                     "asr r9, r9, r11\n"
                     "ssat r9, #8, r9\n"
                     "strb r9, [r7], #1\n"
                     "cmp r2, r3\n"
                     "bne 1b\n"
                     "add r1, r0, #20\n"
                     "stm r1, {r4, r5, r6, r7}\n"
                     "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}
#else
static inline int32_t clamp29(int32_t sum)
{
    return sum < -(1 << 29) ? -(1 << 29) : (sum >= (1 << 29) ? (1 << 29) - 1 : sum);
}

static void time_step_s16_clamped(const time_constants *c, time_cursor *at, const int32_t *acc, int32_t count)
{
    (void)c;
    int16_t *row = at->row;
    const int16_t *w = at->weights;
    const int32_t last = at->last;
    for (int32_t i = 0; i < count; ++i) {
        const int16_t value =
            (int16_t)(at->state_zero_point + dsp_ssat16(dsp_requant_entry(clamp29(acc[i]), at->to_state)));
        uint32_t sum = (uint32_t)*at->unit_bias++;
        for (int32_t j = 0; j < last; ++j) {
            row[j] = row[j + 1];
            sum += (uint32_t)(w[j] * row[j]);
        }
        row[last] = value;
        sum += (uint32_t)(w[last] * value);
        row += last + 1, w += last + 1;
        *at->out++ = (int8_t)dsp_ssat8(dsp_requant_entry(clamp29((int32_t)sum), at->to_output));
    }
    at->row = row, at->weights = w;
}
#endif

/* A requantization's fast form as dsp_requant_entry reads it. */
static void entry_of(const requantization *q, int32_t entry[5])
{
    entry[0] = q->general.multiplier, entry[1] = q->offset, entry[2] = q->left, entry[3] = q->right;
    entry[4] = q->round;
}

void mg_svdf_s8_dsp(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                    const void *weights_time, void *state, int8_t *output, uint32_t *scratch)
{
    const int32_t size = p->input_size, filters = p->filters, k8 = size & ~7, k4 = size & ~3;
    const int32_t is_s8 = p->state_bytes == 1;
    const int32_t *feature_bias = p->backend_table;
    const time_constants c = {
        requantization_of(p->feature_multiplier, p->feature_shift, p->dsp_exact_requant & 1, 0),
        requantization_of(p->output_multiplier, p->output_shift, p->dsp_exact_requant & 2, p->output_zero_point),
        p->memory - 1,
        p->state_zero_point,
        p->rank,
    };
    const int32_t checked = c.to_state.limit != 1u << 31 || c.to_output.limit != 1u << 31; /* not both proved */
    /* the fast forms cover the clamped sums: |sum| < 2^30 */
    const int32_t clamped = !is_s8 && p->rank == 1 && (p->dsp_exact_requant & 4) && c.to_state.limit >= 1u << 30 &&
                            c.to_output.limit >= 1u << 30;
    time_step *const step = clamped ? time_step_s16_clamped
                            : is_s8 ? (checked ? time_step_s8_checked : time_step_s8_exact)
                                    : (checked ? time_step_s16_checked : time_step_s16_exact);
    time_cursor at = {
        .row = state, .out = output, .last = c.last, .state_zero_point = c.state_zero_point, .left = p->rank};
    entry_of(&c.to_output, at.to_output);
    entry_of(&c.to_state, at.to_state);
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * size;
        at.weights = weights_time;
        at.unit_bias = feature_bias + filters;
        for (int32_t k = 0; k < k8; k += 4) { /* the input's SXTB16 pairs once, for every filter */
            const uint32_t xv = dsp_ld32(x + k);
            scratch[k / 2] = dsp_sxtb16(xv);
            scratch[k / 2 + 1] = dsp_sxtb16_ror8(xv);
        }
        const int8_t *w = weights_feature;
        int32_t f = 0;
        for (; f + 4 <= filters; f += 4) {
            int32_t acc[4] = {feature_bias[f], feature_bias[f + 1], feature_bias[f + 2], feature_bias[f + 3]};
            if (k8 > 0) {
                mg_dsp_four_rows(acc, w, size, scratch, k8);
            }
            for (int32_t k = k8; k < size; ++k) {
                for (int32_t i = 0; i < 4; ++i) {
                    acc[i] += w[i * size + k] * x[k];
                }
            }
            w += 4 * size;
            step(&c, &at, acc, 4);
        }
        for (; f < filters; ++f, w += size) {
            int32_t a = feature_bias[f], k = 0;
            for (; k < k4; k += 4) {
                const uint32_t xv = dsp_ld32(x + k);
                a = mg_dsp_mac4_word(a, dsp_ld32(w + k), dsp_sxtb16(xv), dsp_sxtb16_ror8(xv));
            }
            for (; k < size; ++k) {
                a += w[k] * x[k];
            }
            step(&c, &at, &a, 1);
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_svdf_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!p->backend_table || !input || input->type != MG_INT8) {
        return mg_fail(node, "the dsp SVDF takes int8 nodes with their backend table");
    }
    return mg_svdf_prepare(node, mg_svdf_s8_dsp_scratch_size(p->input_size));
}

static mg_status invoke(mg_node *node)
{
    mg_svdf_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_input(node, 2)->data,
                   mg_input(node, 4)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_svdf_dsp = {0, 0, prepare, invoke};
