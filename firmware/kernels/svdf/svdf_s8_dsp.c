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
 *   reference's, and both requantizations are TFLite's: three instructions (mg_dsp_requant.h) where the generator
 *   proved that exact (dsp_exact_requant), else mg_requantizer (exact for every sum). */
#pragma GCC optimize("O2")
#include "mg_dsp_mac.h"
#include "mg_dsp_requant.h"
#include "mg_fixedpoint.h"
#include "mg_kernel.h"
#include "svdf.h"

/* TFLite's requantization of a sum: three instructions when exact (offset: mg_dsp_requant.h's, with the zero
 * point), else the general one plus the zero point. */
typedef struct {
    mg_requantizer general;
    int32_t exact, offset, shift, zero_point;
} requantization;

static requantization requantization_of(int32_t multiplier, int32_t shift, int32_t exact, int32_t zero_point)
{
    requantization q = {mg_requantizer_make(multiplier, shift), exact, 0, -shift, zero_point};
    if (exact) {
        q.offset = (1 << (-shift - 1)) + zero_point * (1 << -shift);
    }
    return q;
}

static inline int32_t requantize(const requantization *q, int32_t sum)
{
    if (q->exact) {
        return dsp_requant(2 * sum, q->general.multiplier, q->offset, q->shift);
    }
    return mg_requantizer_apply(&q->general, sum) + q->zero_point;
}

/* One filter's history of memory int16 values (memory - 1 = last): values 1..last moved one lower while summed
 * against the time weights 0..last-1 (pairs: one unaligned LDR, its STR one element lower, one SMLAD), then the
 * new value stored last and its product added. A function of its own so that its loop keeps the sum in a register
 * (inlined into the filter loop, GCC spills it). */
static __attribute__((noinline)) uint32_t history_s16(int16_t *row, const int16_t *w, int32_t last, int32_t value)
{
    uint32_t acc = 0;
    int32_t j = 0;
    for (; j + 2 <= last; j += 2) {
        const uint32_t s = dsp_ld32(row + j + 1);
        dsp_st32(row + j, s);
        acc = (uint32_t)dsp_smlad(dsp_ld32(w + j), s, (int32_t)acc);
    }
    if (j < last) {
        row[j] = row[j + 1];
        acc += (uint32_t)(w[j] * row[j]);
    }
    row[last] = (int16_t)value;
    return acc + (uint32_t)(w[last] * row[last]);
}

/* The same for int8 values, four per word: both words' SXTB16 halves meet in two SMLAD. */
static __attribute__((noinline)) uint32_t history_s8(int8_t *row, const int8_t *w, int32_t last, int32_t value)
{
    uint32_t acc = 0;
    int32_t j = 0;
    for (; j + 4 <= last; j += 4) {
        const uint32_t s = dsp_ld32(row + j + 1);
        dsp_st32(row + j, s);
        acc = (uint32_t)mg_dsp_mac4_word((int32_t)acc, dsp_ld32(w + j), dsp_sxtb16(s), dsp_sxtb16_ror8(s));
    }
    for (; j < last; ++j) {
        row[j] = row[j + 1];
        acc += (uint32_t)(w[j] * row[j]);
    }
    row[last] = (int8_t)value;
    return acc + (uint32_t)(w[last] * row[last]);
}

void mg_svdf_s8_dsp(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                    const void *weights_time, void *state, int8_t *output, uint32_t *scratch)
{
    /* every parameter in a local: the history calls and the int8 stores could change any memory the compiler sees */
    const int32_t size = p->input_size, filters = p->filters, memory = p->memory, rank = p->rank;
    const int32_t k8 = size & ~7, k4 = size & ~3, last = memory - 1, is_s8 = p->state_bytes == 1;
    const int32_t state_zero_point = p->state_zero_point, state_max = is_s8 ? INT8_MAX : INT16_MAX;
    const int32_t *feature_bias = p->backend_table;
    const requantization to_state =
        requantization_of(p->feature_multiplier, p->feature_shift, p->dsp_exact_requant & 1, 0);
    const requantization to_output =
        requantization_of(p->output_multiplier, p->output_shift, p->dsp_exact_requant & 2, p->output_zero_point);
    int8_t *out = output;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * size;
        int8_t *row8 = (int8_t *)state + b * filters * memory * (is_s8 ? 1 : 2);
        int16_t *row16 = (int16_t *)(void *)row8;
        const int8_t *wt8 = weights_time;
        const int16_t *wt16 = weights_time;
        for (int32_t k = 0; k < k8; k += 4) { /* the input's SXTB16 pairs once, for every filter */
            const uint32_t xv = dsp_ld32(x + k);
            scratch[k / 2] = dsp_sxtb16(xv);
            scratch[k / 2 + 1] = dsp_sxtb16_ror8(xv);
        }
        const int32_t *unit_bias = feature_bias + filters;
        const int8_t *w = weights_feature;
        uint32_t sum = 0;
        int32_t left = rank;
        for (int32_t f = 0; f < filters;) {
            int32_t acc[4];
            const int32_t group = filters - f >= 4 ? 4 : 1;
            if (group == 4) {
                acc[0] = feature_bias[f], acc[1] = feature_bias[f + 1], acc[2] = feature_bias[f + 2];
                acc[3] = feature_bias[f + 3];
                if (k8 > 0) {
                    mg_dsp_four_rows(acc, w, size, x, scratch, k8);
                }
                for (int32_t k = k8; k < size; ++k) {
                    for (int32_t i = 0; i < 4; ++i) {
                        acc[i] += w[i * size + k] * x[k];
                    }
                }
            } else {
                int32_t a = feature_bias[f], k = 0;
                for (; k < k4; k += 4) {
                    const uint32_t xv = dsp_ld32(x + k);
                    a = mg_dsp_mac4_word(a, dsp_ld32(w + k), dsp_sxtb16(xv), dsp_sxtb16_ror8(xv));
                }
                for (; k < size; ++k) {
                    a += w[k] * x[k];
                }
                acc[0] = a;
            }
            w += group * size;
            for (int32_t i = 0; i < group; ++i, ++f) {
                const int32_t value =
                    state_zero_point + mg_clamp(requantize(&to_state, acc[i]), -state_max - 1, state_max);
                if (is_s8) {
                    sum += history_s8(row8, wt8, last, value);
                    row8 += memory;
                    wt8 += memory;
                } else {
                    sum += history_s16(row16, wt16, last, value);
                    row16 += memory;
                    wt16 += memory;
                }
                if (--left == 0) {
                    *out++ = (int8_t)mg_clamp(requantize(&to_output, (int32_t)(sum + (uint32_t)*unit_bias++)), INT8_MIN,
                                              INT8_MAX);
                    sum = 0;
                    left = rank;
                }
            }
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
